#!/usr/bin/env node
// Differential harness, recording side (flowlint issue 10): what does a FlowMCP runtime itself say about
// a definition?  Runs the runtime's own MainValidator and, per tool and test, the runtime's own ZodBuilder
// on the test's parameter values, and writes the verdicts as JSON for tools/differential/compare.py.
//
// Usage:
//   node tools/differential/record.mjs RUNTIME_DIR RUNTIME_COMMIT OUT.json FILE_OR_DIR...
//
// RUNTIME_DIR is an unpacked flowmcp-core checkout with its npm dependencies installed (only its zod is
// used; no native module is loaded).  Which runtime is used:
//   * src/v2/task/MainValidator.mjs present -> the v3 runtime (accepts main.version 2.x/3.x;
//     ZodBuilder applies options in declaration order at c9c0f57),
//   * else src/v4/task/MainValidator.mjs -> the v4 runtime.
// Set FLOWMCP_RUNTIME=v4 to force the v4 tree of a checkout that has both.
//
// Definitions: `.mjs`/`.js` files are imported (their `main` export); `.json` files are read and their
// `main` member used.  Directories are walked for .mjs/.json (files under `_lists/` are skipped: they are
// shared lists, not definitions).  No runtime code is copied: everything is imported from RUNTIME_DIR.
//
// How a test is judged ("exactly as the runtime builds a tool's input schema for an MCP call"):
//   shape = ZodBuilder.getZodSchema( { route: tool } )   (FlowMCP.prepareServerTool does the same),
//   the MCP server registers the raw shape, i.e. z.object( shape ) (zod's default: unknown keys stripped),
//   the arguments reach it as JSON, so the test minus `_description` is JSON round-tripped first
//   (recorded as json_changed when that alters it), then z.object( shape ).safeParse( args ).
//   ok_user_params_only (a secondary view, not the runtime's) repeats the parse with only the
//   {{USER_PARAM}} parameters of the shape, since the runtime's shape also demands fixed/server ones;
//   non_user_keys lists those other keys of the shape (fixed values, server params) when there are any.
// Every throw (import, validator, ZodBuilder, parse) is caught and recorded as a refusal with its message.

import { createRequire } from 'node:module'
import { readFileSync, readdirSync, statSync, existsSync, writeFileSync } from 'node:fs'
import { join, resolve, dirname, relative, extname } from 'node:path'
import { pathToFileURL } from 'node:url'


const usage = () => {
    process.stderr.write( 'usage: node record.mjs RUNTIME_DIR RUNTIME_COMMIT OUT.json FILE_OR_DIR...\n' )
    process.exit( 2 )
}


const errorText = ( err ) => {
    if( err instanceof Error ) { return `${err.name}: ${err.message}` }

    return `thrown: ${String( err )}`
}


export const collectFiles = ( paths ) => {
    const out = []
    const walk = ( p ) => {
        const st = statSync( p )
        if( st.isDirectory() ) {
            readdirSync( p ).sort()
                .forEach( ( name ) => {
                    if( name === 'node_modules' || name === '_lists' || name.startsWith( '.' ) ) { return }
                    walk( join( p, name ) )
                } )

            return
        }
        const ext = extname( p )
        if( ext === '.mjs' || ext === '.js' || ext === '.json' ) { out.push( p ) }
    }
    paths.forEach( ( p ) => walk( resolve( p ) ) )

    return out
}


export const loadRuntime = async ( runtimeDir ) => {
    const forced = process.env[ 'FLOWMCP_RUNTIME' ]
    const v2 = join( runtimeDir, 'src', 'v2', 'task' )
    const v4 = join( runtimeDir, 'src', 'v4', 'task' )
    let tree = null
    if( forced === 'v4' ) {
        tree = 'v4'
    } else if( existsSync( join( v2, 'MainValidator.mjs' ) ) ) {
        tree = 'v2'
    } else if( existsSync( join( v4, 'MainValidator.mjs' ) ) ) {
        tree = 'v4'
    } else {
        throw new Error( `no src/v2 or src/v4 MainValidator in ${runtimeDir}` )
    }
    const taskDir = tree === 'v2' ? v2 : v4
    const { MainValidator } = await import( pathToFileURL( join( taskDir, 'MainValidator.mjs' ) ).href )
    const { ZodBuilder } = await import( pathToFileURL( join( taskDir, 'ZodBuilder.mjs' ) ).href )

    // The zod instance the runtime's ZodBuilder resolves (`import { z } from 'zod'` inside the checkout).
    const require = createRequire( join( runtimeDir, 'package.json' ) )
    const zodPkgPath = require.resolve( 'zod/package.json' )
    const zodPkg = JSON.parse( readFileSync( zodPkgPath, 'utf8' ) )
    let entry = 'index.js'
    const dot = zodPkg[ 'exports' ] && zodPkg[ 'exports' ][ '.' ]
    if( dot && typeof dot === 'object' && typeof dot[ 'import' ] === 'string' ) { entry = dot[ 'import' ] }
    else if( typeof zodPkg[ 'module' ] === 'string' ) { entry = zodPkg[ 'module' ] }
    const zodMod = await import( pathToFileURL( join( dirname( zodPkgPath ), entry ) ).href )
    const z = zodMod[ 'z' ] || zodMod[ 'default' ]

    return {
        tree,
        runtime: tree === 'v2' ? 'v3' : 'v4',
        MainValidator,
        ZodBuilder,
        z,
        zodVersion: zodPkg[ 'version' ]
    }
}


export const loadMain = async ( file ) => {
    if( extname( file ) === '.json' ) {
        const data = JSON.parse( readFileSync( file, 'utf8' ) )
        if( data === null || typeof data !== 'object' || Array.isArray( data ) ) {
            return { main: undefined }
        }

        return { main: data[ 'main' ] }
    }
    const mod = await import( pathToFileURL( file ).href )

    return { main: mod[ 'main' ] }
}


// JSON-safe copy of an arbitrary value for the report (functions, undefined, NaN, cycles survive as text).
const safe = ( value, seen = new WeakSet() ) => {
    if( value === undefined ) { return { $undefined: true } }
    if( typeof value === 'number' && !Number.isFinite( value ) ) { return { $number: String( value ) } }
    if( typeof value === 'bigint' ) { return { $bigint: String( value ) } }
    if( typeof value === 'function' ) { return { $function: value.name || 'anonymous' } }
    if( typeof value === 'symbol' ) { return { $symbol: String( value ) } }
    if( value === null || typeof value !== 'object' ) { return value }
    if( seen.has( value ) ) { return { $cycle: true } }
    seen.add( value )
    if( Array.isArray( value ) ) { return value.map( ( v ) => safe( v, seen ) ) }

    return Object.fromEntries( Object.entries( value ).map( ( [ k, v ] ) => [ k, safe( v, seen ) ] ) )
}


const judgeTests = ( { rt, main, file } ) => {
    const results = []
    if( main === null || typeof main !== 'object' ) { return results }
    let tools = main[ 'tools' ]
    if( rt.runtime === 'v3' && ( tools === undefined || tools === null ) ) { tools = main[ 'routes' ] }
    if( tools === null || typeof tools !== 'object' || Array.isArray( tools ) ) { return results }

    Object.keys( tools )
        .forEach( ( toolName ) => {
            const tool = tools[ toolName ]
            const tests = tool && Array.isArray( tool[ 'tests' ] ) ? tool[ 'tests' ] : []
            let schema = null
            let userSchema = null
            let nonUserKeys = []
            let buildError = null
            try {
                const shape = rt.ZodBuilder.getZodSchema( { 'route': tool } )
                schema = rt.z.object( shape )
                // Secondary view (not the runtime's): only the {{USER_PARAM}} parameters, to tell apart
                // failures caused by fixed / server parameters that the runtime's shape also demands.
                const userKeys = new Set( ( Array.isArray( tool[ 'parameters' ] ) ? tool[ 'parameters' ] : [] )
                    .filter( ( p ) => p && p[ 'position' ] && typeof p[ 'position' ][ 'value' ] === 'string'
                        && p[ 'position' ][ 'value' ].includes( '{{USER_PARAM}}' ) )
                    .map( ( p ) => p[ 'position' ][ 'key' ] ) )
                userSchema = rt.z.object( Object.fromEntries(
                    Object.entries( shape ).filter( ( [ k ] ) => userKeys.has( k ) ) ) )
                nonUserKeys = Object.keys( shape ).filter( ( k ) => !userKeys.has( k ) ).sort()
            } catch( err ) {
                buildError = errorText( err )
            }
            tests
                .forEach( ( test, index ) => {
                    const row = { tool: toolName, index, ok: false, issues: [] }
                    if( nonUserKeys.length > 0 ) { row[ 'non_user_keys' ] = nonUserKeys }
                    if( buildError !== null ) {
                        row[ 'refusal' ] = `ZodBuilder: ${buildError}`
                        results.push( row )

                        return
                    }
                    try {
                        const args = {}
                        if( test !== null && typeof test === 'object' ) {
                            Object.entries( test )
                                .forEach( ( [ k, v ] ) => { if( k !== '_description' ) { args[ k ] = v } } )
                        }
                        const before = safe( args )
                        const wire = JSON.parse( JSON.stringify( args ) )
                        if( JSON.stringify( before ) !== JSON.stringify( wire ) ) { row[ 'json_changed' ] = true }
                        const parsed = schema.safeParse( wire )
                        row[ 'ok' ] = parsed.success === true
                        row[ 'ok_user_params_only' ] = userSchema.safeParse( wire ).success === true
                        if( !parsed.success ) {
                            row[ 'issues' ] = parsed.error.issues
                                .map( ( issue ) => ( {
                                    path: issue.path.map( String ).join( '.' ),
                                    code: issue.code,
                                    message: issue.message
                                } ) )
                        }
                    } catch( err ) {
                        row[ 'refusal' ] = `parse: ${errorText( err )}`
                    }
                    results.push( row )
                } )
        } )

    return results
}


const main_ = async () => {
    const argv = process.argv.slice( 2 )
    if( argv.length < 4 ) { usage() }
    const [ runtimeDirArg, commit, outPath, ...inputs ] = argv
    const runtimeDir = resolve( runtimeDirArg )
    const rt = await loadRuntime( runtimeDir )
    const files = collectFiles( inputs )
    const cwd = process.cwd()
    const verdicts = []

    for( const file of files ) {
        const record = {
            file: relative( cwd, file ) || file,
            accepted: false,
            definition_accepted: false,
            tests_ok: true,
            messages: [],
            warnings: [],
            tests: []
        }
        let main
        try {
            ( { main } = await loadMain( file ) )
        } catch( err ) {
            record[ 'refusal' ] = `load: ${errorText( err )}`
            record[ 'messages' ] = [ record[ 'refusal' ] ]
            record[ 'tests_ok' ] = false
            verdicts.push( record )
            continue
        }
        try {
            const result = rt.MainValidator.validate( { main } )
            record[ 'definition_accepted' ] = result[ 'status' ] === true
            record[ 'messages' ] = ( result[ 'messages' ] || [] ).map( String )
            record[ 'warnings' ] = ( result[ 'warnings' ] || [] ).map( String )
        } catch( err ) {
            record[ 'refusal' ] = `MainValidator: ${errorText( err )}`
            record[ 'messages' ] = [ record[ 'refusal' ] ]
        }
        try {
            record[ 'tests' ] = judgeTests( { rt, main, file } )
        } catch( err ) {
            record[ 'refusal' ] = `tests: ${errorText( err )}`
            record[ 'tests_ok' ] = false
        }
        if( record[ 'tests' ].some( ( t ) => !t[ 'ok' ] ) ) { record[ 'tests_ok' ] = false }
        record[ 'accepted' ] = record[ 'definition_accepted' ] && record[ 'tests_ok' ]
        verdicts.push( record )
    }

    const report = {
        format: 'flowlint-differential-verdicts/1',
        runtime: rt.runtime,
        runtime_tree: `src/${rt.tree}`,
        runtime_commit: commit,
        zod_version: rt.zodVersion,
        node_version: process.version,
        test_judging: 'z.object(ZodBuilder.getZodSchema({route: tool})).safeParse(JSON round-trip of test minus _description)',
        files: verdicts.length,
        accepted: verdicts.filter( ( v ) => v[ 'accepted' ] ).length,
        verdicts
    }
    writeFileSync( outPath, JSON.stringify( report, null, 2 ) + '\n' )
    process.stderr.write( `${rt.runtime} runtime @ ${commit}: ${report.accepted}/${report.files} accepted -> ${outPath}\n` )
}


// Run only as a script: benchmarks/flowmcp_validate.mjs imports collectFiles, loadRuntime and loadMain.
if( process.argv[ 1 ] && import.meta.url === pathToFileURL( resolve( process.argv[ 1 ] ) ).href ) {
    main_().catch( ( err ) => {
        process.stderr.write( `record.mjs: ${err && err.stack ? err.stack : err}\n` )
        process.exit( 1 )
    } )
}
