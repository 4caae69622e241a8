#!/usr/bin/env node
// FlowMCP's own `flowmcp migrate` (flowmcp-cli src/commands/MigrateCommand.mjs), run as is on a folder, so
// its result can be judged by the 4.x runtime (record.mjs) beside flowlint's (issue 24's table).
//
// Usage:
//   node tools/differential/flowmcp_migrate.mjs CLI_GIT_DIR REV FOLDER
//
// CLI_GIT_DIR is a flowmcp-cli git directory (a mirror without a work tree will do); REV its commit.
// Nothing of FlowMCP is copied into this repository: the command's module and the CLI modules it imports
// (src/data/config.mjs, src/lib/{ConfigStore,CliOutput,FsUtils}.mjs) are taken from CLI_GIT_DIR at REV
// into a temporary folder and imported from there.  SchemaLoaderBridge (which needs the `flowmcp`
// package; `migrate` does not use it) is replaced by an empty module, and `ConfigStore.requireInit` finds
// an initialized configuration because HOME points at a temporary folder that holds one.
// FOLDER is rewritten in place (work on a copy): `migrate( { schemaPath: FOLDER } )` finds every .mjs/.js
// below it, as `flowmcp migrate FOLDER` does, and writes each changed file.  The result (counts and one
// line per file) is printed as JSON.

import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve, dirname } from 'node:path'
import { pathToFileURL } from 'node:url'


const TAKEN = [
    'src/commands/MigrateCommand.mjs',
    'src/data/config.mjs',
    'src/lib/ConfigStore.mjs',
    'src/lib/CliOutput.mjs',
    'src/lib/FsUtils.mjs'
]


const main = async () => {
    const [ gitDir, rev, folder ] = process.argv.slice( 2 )
    if( !gitDir || !rev || !folder ) {
        process.stderr.write( 'usage: node flowmcp_migrate.mjs CLI_GIT_DIR REV FOLDER\n' )
        process.exit( 2 )
    }
    const tmp = mkdtempSync( join( tmpdir(), 'flowlint-flowmcp-migrate-' ) )
    try {
        TAKEN.forEach( ( path ) => {
            const text = execFileSync( 'git', [ '-C', gitDir, 'show', `${rev}:${path}` ], { encoding: 'utf8' } )
            mkdirSync( dirname( join( tmp, path ) ), { recursive: true } )
            writeFileSync( join( tmp, path ), text )
        } )
        writeFileSync( join( tmp, 'src/lib/SchemaLoaderBridge.mjs' ), 'export const SchemaLoaderBridge = {}\n' )
        const home = join( tmp, 'home' )
        mkdirSync( join( home, '.flowmcp' ), { recursive: true } )
        writeFileSync( join( home, '.flowmcp', 'config.json' ), JSON.stringify( { initialized: true } ) )
        process.env[ 'HOME' ] = home
        const { MigrateCommand } = await import( pathToFileURL( join( tmp, 'src/commands/MigrateCommand.mjs' ) ).href )
        const { result } = await MigrateCommand.migrate( { schemaPath: resolve( folder ), cwd: process.cwd() } )
        process.stdout.write( JSON.stringify( result, null, 2 ) + '\n' )
    } finally {
        rmSync( tmp, { recursive: true, force: true } )
    }
}


main().catch( ( err ) => {
    process.stderr.write( `flowmcp_migrate.mjs: ${err && err.stack ? err.stack : err}\n` )
    process.exit( 1 )
} )
