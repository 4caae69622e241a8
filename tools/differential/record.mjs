#!/usr/bin/env node
// Differential harness, recording side (flowlint issues 10 and 18): what does a FlowMCP runtime itself
// say about a definition, from loading it to serving its tools over MCP?
//
// Usage:
//   node tools/differential/record.mjs RUNTIME_DIR RUNTIME_COMMIT OUT.json FILE_OR_DIR...
//
// RUNTIME_DIR is an unpacked flowmcp-core checkout with its npm dependencies installed.  Which runtime:
//   * src/v2/task/Pipeline.mjs present -> the 3.x runtime (flowmcp-core 3.x exports `./v2`; it loads
//     main.version 2.x/3.x definitions),
//   * else src/v4/task/Pipeline.mjs -> the 4.x runtime.  FLOWMCP_RUNTIME=v4 forces the v4 tree.
// The MCP SDK that registers the tools is resolved from RUNTIME_DIR (flowmcp-core 3.x depends on it), or
// from FLOWMCP_MCP_SDK_DIR (a folder whose node_modules has @modelcontextprotocol/sdk; flowmcp-core 4.x
// has no SDK dependency: its hosts bring one).  Without an SDK the tools' inputSchema is not recorded.
// FLOWMCP_RESOLVE_BASE names a folder whose node_modules holds the `requiredLibraries` definitions ask for
// (Pipeline.load's resolveBase); without it they resolve from the current directory, as in a host.
//
// Nothing of the runtime is copied: every stage is the runtime's own code, imported from RUNTIME_DIR.
//   1. load      Pipeline.load( { filePath, listsDir } ): the runtime's own order and messages: the
//                security scan (SecurityScanner), the import and its `main` export (SchemaLoader),
//                MainValidator (preload checks included), shared lists (SharedListResolver, listsDir = the
//                nearest `_lists/` folder above the file, as flowlint finds it), libraries, handlers,
//                skills, resources (ResourceValidator; ResourceDatabaseManager problems are warnings
//                there), prompts.  `stage` names where a refusal happened (see stageOf below).
//   2. tools     per tool, FlowMCP.prepareServerTool( { main, handlerMap, serverParams: {}, routeName } )
//                (the runtime's buildToolName and ZodBuilder shape; a throw here, e.g. new RegExp on
//                `regex([a-)`, refuses the definition at stage `tool-build`), then the MCP SDK's
//                McpServer.tool( toolName, description, zod, func ) as FlowMCP servers register it, and the
//                SDK's own tools/list over an in-memory transport gives the registered inputSchema.
//   3. tests     each test minus `_description`, JSON round-tripped (the wire), through
//                z.object( prepareServerTool(...).zod ).safeParse (what the SDK does with call arguments).
//                Only definitions that loaded and built every tool are served, so only their tests run.
// `accepted` = loaded, every tool built and registered, every test's values accepted, and no parameter
//              written optional (optional() or default()) whose zod refuses a call that omits it (stage
//              `omission`: a default that does not fit; each tool lists them as `omission_refused`).
// `codes` = the runtime's own codes at the start of its messages (SEC001, VAL014, VAL107, RES001, ...).
// `.json` definitions (flowlint reads them; FlowMCP imports only modules) are judged as the module
// `export const main = <their main>` written to a temporary folder; paths in messages are the .json's.
//
// --requests (issue 24, the migration's proof) adds, without changing anything recorded above:
//   4. requests  per test the zod accepts, the request the runtime sends: the tool's own `func` from
//                prepareServerTool (serverParams: every requiredServerParams name NAME as the token
//                `SERVER_PARAM_NAME`, so nothing secret is ever recorded) called with the arguments the
//                zod parse gives (defaults applied, unknown keys stripped: what the MCP SDK hands it), with
//                `fetch` stubbed (every call recorded: method, URL, headers, body; answered `{}`) and node's
//                http/https refused, so nothing leaves the machine.  A tool with an executeRequest handler
//                is not called (`request_skipped`); a preRequest handler runs (its result is what is sent).
//   `fully_accepted` = `accepted` (issue 24's name for it: every stage above, the omission included).

import { createRequire } from 'node:module'
import {
    readFileSync, readdirSync, statSync, existsSync, writeFileSync, mkdtempSync, rmSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve, dirname, relative, extname, basename } from 'node:path'
import { pathToFileURL } from 'node:url'


const usage = () => {
    process.stderr.write( 'usage: node record.mjs [--requests] RUNTIME_DIR RUNTIME_COMMIT OUT.json FILE_OR_DIR...\n' )
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


const importFrom = async ( path ) => import( pathToFileURL( path ).href )


// The zod instance a checkout's own code resolves (`import { z } from 'zod'` inside RUNTIME_DIR).
const loadZod = async ( runtimeDir ) => {
    const require = createRequire( join( runtimeDir, 'package.json' ) )
    const zodPkgPath = require.resolve( 'zod/package.json' )
    const zodPkg = JSON.parse( readFileSync( zodPkgPath, 'utf8' ) )
    let entry = 'index.js'
    const dot = zodPkg[ 'exports' ] && zodPkg[ 'exports' ][ '.' ]
    if( dot && typeof dot === 'object' && typeof dot[ 'import' ] === 'string' ) { entry = dot[ 'import' ] }
    else if( typeof zodPkg[ 'module' ] === 'string' ) { entry = zodPkg[ 'module' ] }
    const zodMod = await importFrom( join( dirname( zodPkgPath ), entry ) )

    return { z: zodMod[ 'z' ] || zodMod[ 'default' ], zodVersion: zodPkg[ 'version' ] }
}


const loadSdk = async ( runtimeDir ) => {
    const bases = [ process.env[ 'FLOWMCP_MCP_SDK_DIR' ], runtimeDir ].filter( Boolean )
    for( const base of bases ) {
        const pkg = join( resolve( base ), 'node_modules', '@modelcontextprotocol', 'sdk' )
        if( !existsSync( join( pkg, 'package.json' ) ) ) { continue }
        const dist = join( pkg, 'dist', 'esm' )
        const { McpServer } = await importFrom( join( dist, 'server', 'mcp.js' ) )
        const { Client } = await importFrom( join( dist, 'client', 'index.js' ) )
        const { InMemoryTransport } = await importFrom( join( dist, 'inMemory.js' ) )
        const version = JSON.parse( readFileSync( join( pkg, 'package.json' ), 'utf8' ) )[ 'version' ]

        return { McpServer, Client, InMemoryTransport, version }
    }

    return null
}


export const loadRuntime = async ( runtimeDir ) => {
    const forced = process.env[ 'FLOWMCP_RUNTIME' ]
    const v2 = join( runtimeDir, 'src', 'v2' )
    const v4 = join( runtimeDir, 'src', 'v4' )
    let tree = null
    if( forced === 'v4' ) {
        tree = 'v4'
    } else if( existsSync( join( v2, 'task', 'Pipeline.mjs' ) ) ) {
        tree = 'v2'
    } else if( existsSync( join( v4, 'task', 'Pipeline.mjs' ) ) ) {
        tree = 'v4'
    } else {
        throw new Error( `no src/v2 or src/v4 Pipeline in ${runtimeDir}` )
    }
    const treeDir = tree === 'v2' ? v2 : v4
    const index = await importFrom( join( treeDir, 'index.mjs' ) )
    const { z, zodVersion } = await loadZod( runtimeDir )
    const sdk = await loadSdk( runtimeDir )

    return {
        tree,
        runtime: tree === 'v2' ? 'v3' : 'v4',
        FlowMCP: index[ 'FlowMCP' ],
        Pipeline: index[ 'Pipeline' ],
        SecurityScanner: index[ 'SecurityScanner' ],
        MainValidator: index[ 'MainValidator' ],
        ResourceValidator: index[ 'ResourceValidator' ],
        ZodBuilder: index[ 'ZodBuilder' ],
        z,
        zodVersion,
        sdk
    }
}


// Kept for benchmarks/flowmcp_validate.mjs: the `main` of a module or of a .json file.
export const loadMain = async ( file ) => {
    if( extname( file ) === '.json' ) {
        const data = JSON.parse( readFileSync( file, 'utf8' ) )
        if( data === null || typeof data !== 'object' || Array.isArray( data ) ) {
            return { main: undefined }
        }

        return { main: data[ 'main' ] }
    }
    const mod = await importFrom( file )

    return { main: mod[ 'main' ] }
}


// The nearest `_lists/` folder at or above the file's folder (flowlint's rule), or null.
export const findListsDir = ( file ) => {
    let folder = dirname( resolve( file ) )
    for( ;; ) {
        const candidate = join( folder, '_lists' )
        if( existsSync( candidate ) && statSync( candidate ).isDirectory() ) { return candidate }
        const parent = dirname( folder )
        if( parent === folder ) { return null }
        folder = parent
    }
}


// The version the file declares: main.version when the module exports one, else the first
// `version: '…'` in its text (a file without a `main` export still declares its generation).
const declaredVersion = ( main, text ) => {
    if( main && typeof main === 'object' && typeof main[ 'version' ] === 'string' ) { return main[ 'version' ] }
    const m = /["']?version["']?\s*:\s*["']([^"']*)["']/.exec( text )

    return m ? m[ 1 ] : null
}


const CODE = /^([A-Z]{3}-?\d{3})\b/


const codesOf = ( messages ) => [ ...new Set( messages
    .map( ( m ) => CODE.exec( String( m ).trim() ) )
    .filter( Boolean )
    .map( ( m ) => m[ 1 ] ) ) ].sort()


// Which stage refused, from the runtime's own result (Pipeline.load returns messages, not stages).
const stageOf = ( { rt, scanOk, result, main } ) => {
    if( !scanOk ) { return 'security' }
    if( main === null || main === undefined ) { return 'import' }
    const valid = rt.MainValidator.validate( { main } )
    if( valid[ 'status' ] !== true ) { return 'main' }
    if( main[ 'resources' ] !== undefined && main[ 'resources' ] !== null ) {
        const res = rt.ResourceValidator.validate( { resources: main[ 'resources' ] } )
        if( res[ 'status' ] !== true ) { return 'resources' }
    }
    const first = String( ( result[ 'messages' ] || [] )[ 0 ] || '' )
    if( /skill/i.test( first ) ) { return 'skills' }
    if( /prompt/i.test( first ) ) { return 'prompts' }

    return 'load'
}


// A thrown load: the import itself, or a later step (shared lists, libraries, handlers), by its message.
const thrownStage = async ( filePath, message ) => {
    try {
        await importFrom( filePath )
    } catch( _err ) {
        return 'import'
    }
    if( /SEC020|LIB-001|Library "/.test( message ) ) { return 'libraries' }
    if( /LST-001|SharedList/.test( message ) ) { return 'shared-lists' }
    if( /HND-001|HandlerFactory/.test( message ) ) { return 'handlers' }

    return 'load'
}


const toolsOf = ( rt, main ) => {
    if( main === null || typeof main !== 'object' ) { return {} }
    let tools = main[ 'tools' ]
    if( rt.runtime === 'v3' && !tools ) { tools = main[ 'routes' ] }
    if( tools === null || typeof tools !== 'object' ) { return {} }

    return tools
}


// The MCP name of a tool whose zod does not build: prepareServerTool names the tool before ZodBuilder
// runs, so the same call on the tool without parameters gives the runtime's own buildToolName result.
const nameOnly = ( { rt, main, handlerMap, routeName } ) => {
    try {
        const routes = { ...toolsOf( rt, main ) }
        routes[ routeName ] = { ...routes[ routeName ], parameters: [] }
        const bare = { ...main, tools: routes }

        return rt.FlowMCP.prepareServerTool( { main: bare, handlerMap, serverParams: {}, routeName } )[ 'toolName' ]
    } catch( _err ) {
        return null
    }
}


// The parameters written optional (an optional() or default() option) whose registered zod still refuses a
// call that omits them (a default that does not fit): every such call is refused over MCP (issue 25).
const omissionRefused = ( { route, zod } ) => {
    const parameters = route && Array.isArray( route[ 'parameters' ] ) ? route[ 'parameters' ] : []
    const keys = []
    parameters
        .forEach( ( param ) => {
            const key = param && param[ 'position' ] ? param[ 'position' ][ 'key' ] : undefined
            const options = param && param[ 'z' ] && Array.isArray( param[ 'z' ][ 'options' ] ) ? param[ 'z' ][ 'options' ] : []
            const optional = options.some( ( o ) => typeof o === 'string' && ( o.startsWith( 'optional(' ) || o.startsWith( 'default(' ) ) )
            const schema = key !== undefined ? zod[ key ] : undefined
            if( optional && schema && schema.safeParse( undefined ).success !== true && !keys.includes( key ) ) {
                keys.push( key )
            }
        } )

    return keys
}


const serveTools = async ( { rt, main, handlerMap } ) => {
    const tools = []
    const prepared = []
    const refusals = []
    const routes = toolsOf( rt, main )
    Object.keys( routes )
        .forEach( ( routeName ) => {
            const row = { route: routeName, built: false }
            try {
                const tool = rt.FlowMCP.prepareServerTool( { main, handlerMap, serverParams: {}, routeName } )
                row[ 'tool_name' ] = tool[ 'toolName' ]
                row[ 'built' ] = true
                const route = routes[ routeName ]
                const tests = route && Array.isArray( route[ 'tests' ] ) ? route[ 'tests' ] : []
                const refused = omissionRefused( { route, zod: tool[ 'zod' ] } )
                if( refused.length > 0 ) { row[ 'omission_refused' ] = refused }
                prepared.push( { row, tool, tests } )
            } catch( err ) {
                row[ 'error' ] = errorText( err )
                refusals.push( `tool ${routeName}: ${row[ 'error' ]}` )
                row[ 'tool_name' ] = nameOnly( { rt, main, handlerMap, routeName } )
            }
            tools.push( row )
        } )
    if( rt.sdk === null || prepared.length === 0 ) { return { tools, prepared, refusals } }

    const { McpServer, Client, InMemoryTransport } = rt.sdk
    const server = new McpServer( { name: 'flowlint-differential', version: '1.0.0' } )
    prepared
        .forEach( ( { row, tool } ) => {
            // The SDK warns on console about names outside the MCP naming standard; keep that with the tool.
            const sdkWarnings = []
            const warn = console.warn
            console.warn = ( ...args ) => { sdkWarnings.push( args.map( String ).join( ' ' ) ) }
            try {
                server.tool( tool[ 'toolName' ], tool[ 'description' ], tool[ 'zod' ], async () => ( { content: [] } ) )
                row[ 'registered' ] = true
            } catch( err ) {
                row[ 'registered' ] = false
                row[ 'error' ] = errorText( err )
                refusals.push( `register ${row[ 'route' ]}: ${row[ 'error' ]}` )
            } finally {
                console.warn = warn
            }
            if( sdkWarnings.length > 0 ) { row[ 'sdk_warnings' ] = sdkWarnings.join( '\n' ).split( '\n' ) }
        } )
    const [ serverSide, clientSide ] = InMemoryTransport.createLinkedPair()
    const client = new Client( { name: 'flowlint-differential', version: '1.0.0' } )
    try {
        await server.connect( serverSide )
        await client.connect( clientSide )
        const listed = await client.listTools()
        const byName = new Map( listed[ 'tools' ].map( ( t ) => [ t[ 'name' ], t ] ) )
        prepared
            .forEach( ( { row } ) => {
                const t = byName.get( row[ 'tool_name' ] )
                if( t && row[ 'registered' ] ) { row[ 'input_schema' ] = t[ 'inputSchema' ] }
            } )
    } catch( err ) {
        refusals.push( `tools/list: ${errorText( err )}` )
    } finally {
        await client.close()
        await server.close()
    }

    return { tools, prepared, refusals }
}


const judgeTests = ( { rt, prepared } ) => {
    const results = []
    prepared
        .forEach( ( { row, tool, tests } ) => {
            const schema = rt.z.object( tool[ 'zod' ] )
            tests
                .forEach( ( test, index ) => {
                    const out = { tool: row[ 'route' ], index, ok: false, issues: [] }
                    try {
                        const args = {}
                        if( test !== null && typeof test === 'object' ) {
                            Object.entries( test )
                                .forEach( ( [ k, v ] ) => { if( k !== '_description' ) { args[ k ] = v } } )
                        }
                        const wire = JSON.parse( JSON.stringify( args ) )
                        const parsed = schema.safeParse( wire )
                        out[ 'ok' ] = parsed.success === true
                        if( parsed.success === true ) { Object.defineProperty( out, 'args', { value: parsed.data } ) }
                        if( !parsed.success ) {
                            out[ 'issues' ] = parsed.error.issues
                                .map( ( issue ) => ( {
                                    path: issue.path.map( String ).join( '.' ),
                                    code: issue.code,
                                    message: issue.message
                                } ) )
                        }
                    } catch( err ) {
                        out[ 'refusal' ] = `parse: ${errorText( err )}`
                    }
                    Object.defineProperty( out, 'prepared', { value: { row, tool } } )
                    results.push( out )
                } )
        } )

    return results
}


// --requests: fetch stubbed, node's own HTTP refused (step 4 above).
const sent = []
const stubNetwork = async () => {
    globalThis.fetch = async ( input, init = {} ) => {
        const url = typeof input === 'string' ? input : ( input && input.url ) || String( input )
        const headers = {}
        new Headers( init[ 'headers' ] || {} ).forEach( ( value, key ) => { headers[ key ] = value } )
        const body = init[ 'body' ] === undefined || init[ 'body' ] === null ? null : String( init[ 'body' ] )
        sent.push( { method: String( init[ 'method' ] || 'GET' ), url, headers, body } )

        return new Response( '{}', { status: 200, headers: { 'content-type': 'application/json' } } )
    }
    const refuse = () => { throw new Error( 'record.mjs --requests: network access refused' ) }
    for( const name of [ 'node:http', 'node:https' ] ) {
        const mod = await import( name )
        mod.default.request = refuse
        mod.default.get = refuse
    }
}


const withTimeout = ( promise, ms ) => Promise.race( [
    promise,
    new Promise( ( _ok, fail ) => setTimeout( () => fail( new Error( `no answer in ${ms} ms` ) ), ms ).unref() )
] )


const recordRequests = async ( { rt, main, handlerMap, tests } ) => {
    const routes = toolsOf( rt, main )
    const names = Array.isArray( main[ 'requiredServerParams' ] ) ? main[ 'requiredServerParams' ] : []
    const serverParams = {}
    names.filter( ( n ) => typeof n === 'string' ).forEach( ( n ) => { serverParams[ n ] = `SERVER_PARAM_${n}` } )
    for( const test of tests ) {
        if( !test[ 'ok' ] ) { continue }
        const routeName = test[ 'tool' ]
        const handler = ( handlerMap || {} )[ routeName ] || {}
        if( handler[ 'executeRequest' ] ) {
            test[ 'request_skipped' ] = 'executeRequest handler'
            continue
        }
        sent.length = 0
        try {
            const tool = rt.FlowMCP.prepareServerTool( { main, handlerMap, serverParams, routeName } )
            const result = await withTimeout( tool[ 'func' ]( test[ 'args' ] ), 5000 )
            if( sent.length === 0 ) {
                test[ 'request_error' ] = ( result && result[ 'messages' ] || [] ).map( String ).join( '; ' ) || 'no request'
            }
        } catch( err ) {
            test[ 'request_error' ] = errorText( err )
        }
        if( sent.length > 0 ) { test[ 'request' ] = sent[ 0 ] }
        if( sent.length > 1 ) { test[ 'requests_more' ] = sent.length - 1 }
        if( routes[ routeName ] && handler[ 'preRequest' ] ) { test[ 'pre_request' ] = true }
    }
}


// A .json definition as the module FlowMCP would import: `export const main = <its main>`.
const asModule = ( file, tmp ) => {
    const data = JSON.parse( readFileSync( file, 'utf8' ) )
    const main = data !== null && typeof data === 'object' && !Array.isArray( data ) ? data[ 'main' ] : undefined
    const body = main === undefined ? '' : `export const main = ${JSON.stringify( main, null, 4 )}\n`
    // One file per .json (ESM caches modules by URL): two library folders may hold the same name.
    asModule.count = ( asModule.count || 0 ) + 1
    const target = join( tmp, `${asModule.count}-${basename( file, '.json' )}.mjs` )
    writeFileSync( target, body )

    return target
}


const judgeFile = async ( { rt, file, cwd, tmp } ) => {
    const shown = relative( cwd, file ) || file
    const isJson = extname( file ) === '.json'
    const text = readFileSync( file, 'utf8' )
    const loadPath = isJson ? relative( cwd, asModule( file, tmp ) ) : shown
    const fixPath = ( m ) => isJson ? String( m ).split( loadPath ).join( shown ) : String( m )
    const listsDir = findListsDir( file )
    const record = {
        file: shown,
        declared_version: null,
        accepted: false,
        definition_accepted: false,
        stage: null,
        codes: [],
        messages: [],
        warnings: [],
        tools: [],
        tests: []
    }

    const scan = await rt.SecurityScanner.scan( { filePath: loadPath } )
    let result
    try {
        result = await rt.Pipeline.load( {
            filePath: loadPath,
            listsDir: listsDir === null ? undefined : listsDir,
            resolveBase: process.env[ 'FLOWMCP_RESOLVE_BASE' ] || undefined
        } )
    } catch( err ) {
        record[ 'stage' ] = await thrownStage( loadPath, errorText( err ) )
        record[ 'messages' ] = [ `${record[ 'stage' ]}: ${errorText( err )}` ].map( fixPath )
        record[ 'declared_version' ] = declaredVersion( null, text )
        record[ 'codes' ] = codesOf( [ errorText( err ).replace( /^\w*Error: /, '' ) ] )
        // A required library this machine lacks (not installed, or native and unbuilt) says nothing
        // about the definition: compare.py leaves such files out and counts them.
        if( record[ 'stage' ] === 'libraries' && /not resolvable/.test( errorText( err ) ) ) {
            record[ 'environment' ] = true
        }

        return record
    }
    const main = result[ 'main' ]
    record[ 'declared_version' ] = declaredVersion( main, text )
    record[ 'messages' ] = ( result[ 'messages' ] || [] ).map( fixPath )
    record[ 'warnings' ] = ( result[ 'warnings' ] || [] ).map( fixPath )
    record[ 'codes' ] = codesOf( record[ 'messages' ] )
    if( result[ 'status' ] !== true ) {
        record[ 'stage' ] = stageOf( { rt, scanOk: scan[ 'status' ] === true, result, main } )
        if( record[ 'messages' ].length === 0 && record[ 'stage' ] === 'import' ) {
            record[ 'messages' ] = record[ 'warnings' ].filter( ( w ) => w.startsWith( 'SchemaLoader' ) )
        }

        return record
    }
    record[ 'definition_accepted' ] = true

    const { tools, prepared, refusals } = await serveTools( { rt, main, handlerMap: result[ 'handlerMap' ] } )
    record[ 'tools' ] = tools
    if( refusals.length > 0 ) {
        record[ 'stage' ] = 'tool-build'
        record[ 'messages' ] = refusals
        record[ 'definition_accepted' ] = false

        return record
    }
    record[ 'tests' ] = judgeTests( { rt, prepared } )
    if( record[ 'tests' ].some( ( t ) => !t[ 'ok' ] ) ) { record[ 'stage' ] = 'tests' }
    record[ 'accepted' ] = record[ 'tests' ].every( ( t ) => t[ 'ok' ] )
    const omissions = tools
        .filter( ( row ) => Array.isArray( row[ 'omission_refused' ] ) )
        .map( ( row ) => `tool ${row[ 'route' ]}: a call that omits ${row[ 'omission_refused' ].join( ', ' )} is refused` )
    if( record[ 'accepted' ] && omissions.length > 0 ) {
        record[ 'accepted' ] = false
        record[ 'stage' ] = 'omission'
        record[ 'messages' ] = omissions
    }
    if( OPTIONS.requests ) {
        await recordRequests( { rt, main, handlerMap: result[ 'handlerMap' ], tests: record[ 'tests' ] } )
    }

    return record
}


const OPTIONS = { requests: false }


const main_ = async () => {
    const argv = process.argv.slice( 2 )
    if( argv[ 0 ] === '--requests' ) {
        OPTIONS.requests = true
        argv.shift()
        await stubNetwork()
    }
    if( argv.length < 4 ) { usage() }
    const [ runtimeDirArg, commit, outPath, ...inputs ] = argv
    const runtimeDir = resolve( runtimeDirArg )
    const rt = await loadRuntime( runtimeDir )
    const files = collectFiles( inputs )
    const cwd = process.cwd()
    const tmp = mkdtempSync( join( tmpdir(), 'flowlint-record-' ) )
    const verdicts = []
    try {
        for( const file of files ) {
            try {
                verdicts.push( await judgeFile( { rt, file, cwd, tmp } ) )
            } catch( err ) {
                verdicts.push( {
                    file: relative( cwd, file ) || file, accepted: false, definition_accepted: false,
                    stage: 'harness', codes: [], messages: [ `record.mjs: ${errorText( err )}` ], warnings: [],
                    tools: [], tests: []
                } )
            }
        }
    } finally {
        rmSync( tmp, { recursive: true, force: true } )
    }

    if( OPTIONS.requests ) {
        verdicts.forEach( ( v ) => { v[ 'fully_accepted' ] = v[ 'accepted' ] === true } )
    }
    const report = {
        format: 'flowlint-differential-verdicts/2',
        runtime: rt.runtime,
        runtime_tree: `src/${rt.tree}`,
        runtime_commit: commit,
        zod_version: rt.zodVersion,
        mcp_sdk_version: rt.sdk === null ? null : rt.sdk.version,
        node_version: process.version,
        stages: 'Pipeline.load -> prepareServerTool per tool -> McpServer.tool + tools/list -> '
            + 'z.object(zod).safeParse(JSON round trip of each test minus _description)',
        files: verdicts.length,
        accepted: verdicts.filter( ( v ) => v[ 'accepted' ] ).length,
        verdicts
    }
    if( OPTIONS.requests ) {
        report[ 'requests' ] = 'per test the zod accepts: the request its tool func sends (fetch stubbed)'
        report[ 'fully_accepted' ] = verdicts.filter( ( v ) => v[ 'fully_accepted' ] ).length
    }
    writeFileSync( outPath, JSON.stringify( report, null, 2 ) + '\n' )
    const full = OPTIONS.requests ? ` (${report[ 'fully_accepted' ]} fully)` : ''
    process.stderr.write( `${rt.runtime} runtime @ ${commit}: ${report.accepted}/${report.files} accepted${full} -> ${outPath}\n` )
}


// Run only as a script: benchmarks/flowmcp_validate.mjs imports collectFiles, loadRuntime and loadMain.
if( process.argv[ 1 ] && import.meta.url === pathToFileURL( resolve( process.argv[ 1 ] ) ).href ) {
    main_().catch( ( err ) => {
        process.stderr.write( `record.mjs: ${err && err.stack ? err.stack : err}\n` )
        process.exit( 1 )
    } )
}
