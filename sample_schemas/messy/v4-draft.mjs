// A definition being moved to specification 4 (version 4.0.0): the 4.x runtime's stricter keys, the tool
// meta block, a cache (preload), a guide resource and the hardened security scan. Each trigger has a
// `// CODE: why` comment on the line above it.

export const main = {
    namespace: 'blockscout',
    name: 'Blockscout explorer',
    description: 'Address and transaction data from the public Blockscout API of Ethereum mainnet.',
    version: '4.0.0',
    root: 'https://eth.blockscout.com',
    // VAL073: the list evmChains in sample_schemas/_lists/ is version 3.0.0
    sharedLists: [ { ref: 'evmChains', version: '4.0.0' } ],
    tools: {
        getAddress: {
            method: 'GET',
            path: '/api/v2/addresses/:hash',
            description: 'Balance, type and creator of an address.',
            parameters: [
                { position: { key: 'hash', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } }
            ],
            meta: {
                // VAL101: a boolean, not a string
                isReadOnly: 'yes',
                // VAL102: a boolean, not a number
                isConcurrencySafe: 1,
                // VAL103: a boolean, not a string
                isDestructive: 'no',
                // VAL104: a string, not an array
                searchHint: [ 'address' ],
                // VAL105: an array of strings
                aliases: 'address',
                // VAL106: a boolean, not a number
                alwaysLoad: 0
            },
            tests: [
                { _description: 'USDC contract', hash: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
                { _description: 'WETH contract', hash: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
                { _description: 'DAI contract', hash: '0x6B175474E89094C44Da98b954EedeAC495271d0F' }
            ],
            output: { mimeType: 'application/json', schema: { type: 'object', properties: { hash: { type: 'string' }, is_contract: { type: 'boolean' } } } }
        },
        // VAL100 (warning): no meta block
        getStats: {
            method: 'GET',
            path: '/api/v2/stats',
            description: 'Network statistics: blocks, transactions, gas prices.',
            // VAL076: the 4.x runtime refuses tool keys outside its list
            headers: { Accept: 'application/json' },
            // FL021: the runtime refuses a preload whose ttl is not a positive integer (seconds)
            preload: { enabled: true, ttl: '1h' },
            parameters: [
                // VAL077: the 4.x runtime refuses parameter keys outside position, z, description
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] }, required: false },
                // VAL107: z.enum holds shared-list references such as '{{evmChains:alias}}', not chain names
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ], enum: [ 'ETHEREUM_MAINNET' ] } }
            ],
            tests: [
                { _description: 'Current statistics' },
                { _description: 'Statistics again' },
                { _description: 'Statistics once more' }
            ],
            output: { mimeType: 'application/json', schema: { type: 'object', properties: { total_blocks: { type: 'string' } } } }
        }
    },
    resources: {
        guide: {
            source: 'markdown',
            description: 'How Blockscout counts blocks and gas, for the model to read.',
            // RES026: the origin is 'global', 'project' or 'inline'
            origin: 'local',
            // RES027: the document's name ends in .md
            name: 'blockscout-guide.txt',
            // RES038: a markdown document has no mode
            mode: 'in-memory',
            // RES039: a markdown resource is a document: the 4.x runtime refuses queries on it
            queries: {}
        },
        blocks: {
            source: 'sqlite',
            description: 'A snapshot of recent blocks.',
            database: 'blocks.db',
            // FL024: the 4.x runtime knows two lifecycles, 'persistent' and 'transient'
            lifecycle: 'daily',
            queries: {
                latest: {
                    sql: 'SELECT number, gas_used FROM blocks ORDER BY number DESC LIMIT 10',
                    description: 'The ten latest blocks',
                    parameters: [],
                    output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } },
                    tests: [ { _description: 'Latest blocks' } ]
                }
            }
        }
    }
}

export const handlers = ( { sharedLists } ) => ( {
    getStats: {
        // SEC006: the 4.x security scan refuses process. outside comments and strings
        preRequest: async ( { struct } ) => ( { struct: { ...struct, token: process.env.BLOCKSCOUT_TOKEN } } )
    }
} )
