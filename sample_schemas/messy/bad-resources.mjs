// A resource-only definition written from memory of 13-resources: it shows the specification's
// resource rules (09's numbering) and the main-block fields a resource-only definition still needs.
// Each trigger has a `// CODE: why` comment on the line above it. No database file is needed to lint it.

// VAL010, VAL012, VAL013: no namespace, no name, no description
export const main = {
    version: '3.0.0',
    root: '',
    // VAL016: tools must be an object; VAL017: tools and routes together
    tools: 'none',
    routes: {},
    sharedLists: [
        // VAL070: no ref
        { version: '3.0.0' },
        // VAL071: not a semantic version; VAL074: a filter without a key; VAL075 (warning): nothing uses it
        { ref: 'evmChains', version: 'latest', filter: { exists: true } },
        // VAL072: no list of that name in sample_schemas/_lists/; VAL075 (warning): nothing uses it
        { ref: 'tokenLists', version: '1.0.0' }
    ],
    // VAL026: axios is not on the runtime's library allowlist (05-security lists it)
    requiredLibraries: [ 'axios' ],
    // RES005: at most 2 resources
    resources: {
        tokenContracts: {
            source: 'sqlite',
            description: 'ERC-20 deployments',
            // RES004: '..' leaves the definition's folder
            database: '../shared/contracts.db',
            // RES006: at most 4 queries
            queries: {
                bySymbol: {
                    sql: 'SELECT address, chain_id FROM contracts WHERE symbol = ?',
                    description: 'Contracts of a symbol',
                    parameters: [
                        // RES015: resource parameters have no location
                        { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
                    ],
                    output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } },
                    tests: [
                        { _description: 'USDC', symbol: 'USDC' },
                        // RES022: symbol is a string()
                        { _description: 'DAI', symbol: 42 },
                        // RES023: a call is no test value
                        { _description: 'WETH', symbol: String( 'WETH' ) }
                    ]
                },
                byOwner: {
                    sql: 'SELECT address FROM contracts WHERE deployer = ?',
                    description: 'Contracts of the configured deployer',
                    parameters: [
                        // RES016: no server params in resources
                        { position: { key: 'deployer', value: '{{SERVER_PARAM:DEPLOYER}}' }, z: { primitive: 'string()', options: [] } }
                    ],
                    output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } },
                    tests: [ { _description: 'Mine' }, { _description: 'Mine again' }, { _description: 'Mine once more' } ]
                },
                byAddresses: {
                    sql: 'SELECT symbol FROM contracts WHERE address IN (?)',
                    description: 'Symbols of several addresses',
                    parameters: [
                        // RES019: resource parameters are scalar
                        { position: { key: 'addresses', value: '{{USER_PARAM}}' }, z: { primitive: 'array()', options: [] } }
                    ],
                    output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } },
                    tests: [
                        { _description: 'USDC on Ethereum', addresses: [ '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' ] },
                        { _description: 'DAI on Ethereum', addresses: [ '0x6B175474E89094C44Da98b954EedeAC495271d0F' ] },
                        { _description: 'WETH on Ethereum', addresses: [ '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' ] }
                    ]
                },
                // RES018: query names are camelCase
                count_all: {
                    // FL014: two statements
                    sql: 'SELECT COUNT(*) AS n FROM contracts; SELECT 1',
                    description: 'How many contracts',
                    parameters: [],
                    // RES021: a query returns rows (an array)
                    output: { mimeType: 'application/json', schema: { type: 'object' } },
                    tests: [ { _description: 'Count' }, { _description: 'Count again' }, { _description: 'Count once more' } ]
                },
                latest: {
                    sql: 'SELECT * FROM contracts ORDER BY rowid DESC LIMIT 5',
                    description: 'The five newest rows',
                    parameters: [],
                    output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } },
                    tests: [ { _description: 'Newest' }, { _description: 'Newest again' }, { _description: 'Newest once more' } ]
                }
            }
        },
        // RES017: resource names are camelCase
        price_feeds: {
            // RES001: only sqlite under 3.0.0
            source: 'postgres',
            // RES002: a description is required
            description: '',
            database: 'feeds.db',
            queries: {
                // RES011: no tests
                all: {
                    // RES007: no sql; RES008: no description; RES009: no parameters
                    output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } }
                }
            }
        },
        archive: {
            source: 'sqlite',
            description: 'Old snapshots',
            database: 'archive.db',
            queries: {}
        }
    }
}
