#!/usr/bin/env node
// What the FlowMCP runtime itself spends to import every definition of a library and validate it with
// its own MainValidator (bench_cache.py times this beside flowlint's warm and cold runs).
//
//   node benchmarks/flowmcp_validate.mjs RUNTIME_DIR FOLDER
//
// The runtime is loaded as tools/differential/record.mjs loads it (src/v2 = the v3 runtime when the
// checkout has it, else src/v4; FLOWMCP_RUNTIME=v4 forces v4), and the same files are walked (.mjs/.js/.json,
// without _lists/). Prints one JSON line: the runtime, files, imported, accepted, refused (by the
// validator), failed (import or validator threw). Exits 1 when the runtime cannot be loaded.

import { resolve } from 'node:path'
import { collectFiles, loadMain, loadRuntime } from '../tools/differential/record.mjs'


const main_ = async () => {
    const [ runtimeDir, folder ] = process.argv.slice( 2 )
    if( !runtimeDir || !folder ) {
        process.stderr.write( 'usage: node benchmarks/flowmcp_validate.mjs RUNTIME_DIR FOLDER\n' )
        process.exit( 2 )
    }
    const rt = await loadRuntime( resolve( runtimeDir ) )
    const counts = { runtime: rt.runtime, files: 0, imported: 0, accepted: 0, refused: 0, failed: 0 }
    for( const file of collectFiles( [ folder ] ) ) {
        counts.files += 1
        try {
            const { main } = await loadMain( file )
            counts.imported += 1
            const result = rt.MainValidator.validate( { main } )
            if( result && result[ 'status' ] === true ) { counts.accepted += 1 } else { counts.refused += 1 }
        } catch( err ) {
            counts.failed += 1
        }
    }
    process.stdout.write( JSON.stringify( counts ) + '\n' )
}


main_().catch( ( err ) => {
    process.stderr.write( `flowmcp_validate.mjs: ${err && err.stack ? err.stack : err}\n` )
    process.exit( 1 )
} )
