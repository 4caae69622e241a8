// GeckoTerminal community tools: on-chain DEX pools, OHLCV candles and token prices through the
// CoinGecko Pro on-chain endpoints. Hand-written and hand-maintained, never run through a validator.
//
// This file is flowlint's messy fixture: every rule and every dialect of the reference (section 9)
// is triggered once or twice on purpose. The comment on the line above each trigger names the code
// flowlint should report there. Everything without such a comment is meant to be valid.

export const main = {
    namespace: 'geckoterminal',
    name: 'CommunityTools',
    // double-quoted string with escapes (a dialect, no finding)
    description: "Community-maintained \"GeckoTerminal\" tools: networks, trending and top pools, OHLCV, trades and token prices.\nData is on-chain DEX data aggregated by CoinGecko.",
    version: '3.0.0',
    docs: [ 'https://docs.coingecko.com/reference/onchain-endpoints', 'https://www.geckoterminal.com/dex-api' ],
    tags: [ 'dex', 'onchain', 'pools', 'ohlcv', ],
    root: 'https://pro-api.coingecko.com/api/v3/onchain',
    requiredServerParams: [ 'COINGECKO_PRO_API_KEY' ],
    sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ],
    headers: {
        'x-cg-pro-api-key': '{{SERVER_PARAM:COINGECKO_PRO_API_KEY}}',
        accept: 'application/json',
    },
    tools: {
        getNetworks: {
            method: 'GET',
            path: '/networks',
            description: 'List the networks (chains) supported by GeckoTerminal, with their ids.',
            parameters: [
                // VAL040: this parameter has no z block
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' } },
                // FL013: COINGECKO_DEMO_API_KEY is not listed in requiredServerParams
                { position: { key: 'x_cg_demo_api_key', value: '{{SERVER_PARAM:COINGECKO_DEMO_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'First page of supported networks', page: 1 },
                // TST002: this test has no _description
                { page: 2 },
                // TST002: _description must be a string
                { _description: 42, page: 3 }
            ]
        },
        getNetworkDexes: {
            method: 'GET',
            path: '/networks/:network/dexes',
            description: 'List the DEXes indexed on one network.',
            parameters: [
                // FL019: the runtime's MCP tool accepts only the literal text of a shared-list enum
                { position: { key: 'network', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum({{evmChains:alias}})', options: [] } }
            ],
            // TST001: empty tests array
            tests: []
        },
        // TST001: this tool has no tests key at all
        getRecentlyUpdatedTokens: {
            method: 'GET',
            path: '/tokens/info_recently_updated',
            description: 'The 100 tokens whose GeckoTerminal metadata changed most recently, across all networks.',
            parameters: []
        },
        getTrendingPools: {
            method: 'GET',
            path: '/networks/:network/trending_pools',
            // template literal without substitutions (a hand-written dialect, no finding)
            description: `Trending pools on one network over a time window.`,
            parameters: [
                { position: { key: 'network', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                // VAL046: enum with a trailing comma
                { position: { key: 'duration', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(5m,1h,6h,24h,)', options: [ 'optional()', 'default(24h)' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(10)', 'optional()', 'default(1)' ] } }
            ],
            tests: [
                { _description: "Hourly trending pools on \"base\"", network: 'base', duration: '1h', page: 1 },
                // TST004: page 25 is over max(10)
                { _description: 'Daily trending pools on Ethereum, deep page', network: 'eth', duration: '24h', page: 25 }
            ]
        },
        getTopPools: {
            method: 'GET',
            path: '/networks/:network/pools',
            description: 'Top pools on a network by 24h transaction count or volume.',
            parameters: [
                { position: { key: 'network', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                // TST007: every test below uses the same sort value
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(h24_tx_count_desc,h24_volume_usd_desc)', options: [ 'optional()', 'default(h24_tx_count_desc)' ] } },
                // VAL045 (warning): array hole in options
                { position: { key: 'include', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ , 'optional()' ] } },
                // VAL045: option that is not a string
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 1 ] } }
            ],
            tests: [
                { _description: 'Highest-volume pools on BNB Smart Chain with token details', network: 'bsc', sort: 'h24_volume_usd_desc', include: 'base_token,quote_token', page: 1 },
                { _description: 'Highest-volume pools on Arbitrum, second page', network: 'arbitrum', sort: 'h24_volume_usd_desc', page: 2 }
            ]
        },
        // quoted, path-like tool name (a dialect seen in real files, no finding)
        '/networks/:network/pools/:address': {
            method: 'GET',
            path: '/networks/:network/pools/:address',
            description: 'Details of one pool: reserves, prices, volumes and transaction counts.',
            parameters: [
                { position: { key: 'network', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'include', value: 'base_token,quote_token,dex', location: 'query' }, z: { primitive: 'string()', options: [] } },
                // FL012: min() does not apply to boolean()
                { position: { key: 'include_volume_breakdown', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()', 'min(1)' ] } }
            ],
            tests: [
                { _description: 'Uniswap V3 USDC/WETH 0.05% pool on Ethereum', network: 'eth', address: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640', include_volume_breakdown: true },
                // TST006: include is a fixed parameter, tests cannot set it
                { _description: 'Same pool, DEX info only', network: 'eth', address: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640', include: 'dex' },
                // TST003: the required parameter network is missing
                { _description: 'Aerodrome WETH/USDC pool on Base', address: '0xcDAC0d6c6C59727a65F871236188350531885C43', include_volume_breakdown: false }
            ]
        },
        getTokenInfo: {
            method: 'GET',
            path: '/networks/:network/tokens/:address/info',
            description: 'Token metadata: name, symbol, image, websites, socials and GeckoTerminal score.',
            parameters: [
                { position: { key: 'network', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } },
                { position: { key: 'x_cg_pro_api_key', value: '{{SERVER_PARAM:COINGECKO_PRO_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'WETH on Ethereum', network: 'eth', address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
                // TST004: a Solana mint address fails the EVM address regex()
                { _description: 'Wrapped SOL on Solana', network: 'solana', address: 'So11111111111111111111111111111111111111112' },
                // TST006: x_cg_pro_api_key is a server parameter, tests cannot set it
                { _description: 'USDC on Polygon PoS with an explicit key', network: 'polygon_pos', address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', x_cg_pro_api_key: 'CG-REPLACE-ME' }
            ]
        },
        getTokenPrices: {
            method: 'GET',
            path: '/simple/networks/:network/token_price/:addresses',
            description: 'USD prices of up to 30 tokens on one network.',
            parameters: [
                { position: { key: 'network', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'addresses', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'array()', options: [] } },
                { position: { key: 'include_market_cap', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } },
                // TST008 (info): optional parameter never used in any test
                { position: { key: 'include_24hr_vol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'USDC and WETH on Arbitrum One with market cap', network: 'arbitrum', addresses: [ '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1' ], include_market_cap: true },
                // TST004: the string 'false' is not a boolean
                { _description: 'USDC on Base, price only', network: 'base', addresses: [ '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' ], include_market_cap: 'false' }
            ]
        },
        getPoolOhlcv: {
            method: 'GET',
            path: '/networks/:network/pools/:pool_address/ohlcv/:timeframe',
            description: 'OHLCV candles of a pool; aggregate picks the candle size within the timeframe.',
            parameters: [
                { position: { key: 'network', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'pool_address', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'timeframe', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(day,hour,minute)', options: [] } },
                { position: { key: 'aggregate', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(1,4,5,12,15)', options: [ 'optional()', 'default(1)' ] } },
                { position: { key: 'before_timestamp', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } },
                // VAL045: two options in one string
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'max(1000)', 'optional(), default(100)' ] } },
                // VAL046: enum() without values; FL012: unknown option values(...)
                { position: { key: 'currency', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ 'values(usd,token)', 'optional()' ] } }
            ],
            tests: [
                { _description: 'Four-hour candles of Uniswap V3 USDC/WETH in USD', network: 'eth', pool_address: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640', timeframe: 'hour', aggregate: '4', limit: 200, currency: 'usd' },
                // TST004: limit '10' is a string, number() expects a number
                { _description: 'Ten daily candles before 2024 priced in the quote token', network: 'eth', pool_address: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640', timeframe: 'day', before_timestamp: 1704067200, limit: '10', currency: 'token' },
                {
                    _description: 'One-minute candles up to now on Base',
                    network: 'base',
                    pool_address: '0xcDAC0d6c6C59727a65F871236188350531885C43',
                    timeframe: 'minute',
                    // TST004: numeric 1, enum values are strings
                    aggregate: 1,
                    // TST005: a call, not JSON-serializable data
                    before_timestamp: Math.floor( Date.now() / 1000 ),
                    limit: 60,
                    currency: 'usd'
                }
            ]
        },
        getPoolTrades: {
            method: 'GET',
            path: '/networks/:network/pools/:pool_address/trades',
            description: 'The last 300 trades of a pool in the past 24 hours.',
            parameters: [
                { position: { key: 'network', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                // VAL050: insert parameter address does not appear in path (which uses :pool_address)
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                // FL012 (warning): quoted default value
                { position: { key: 'trade_volume_in_usd_greater_than', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default("0")' ] } }
            ],
            tests: [
                { _description: 'All recent trades of Uniswap V3 USDC/WETH', network: 'eth', address: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640' },
                { _description: 'Only trades above 10k USD', network: 'eth', address: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640', trade_volume_in_usd_greater_than: 1e4 }
            ]
        },
        searchPools: {
            method: 'GET',
            path: '/search/pools',
            description: 'Search pools by token symbol, optionally on one network.',
            parameters: [
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^[A-Z]{3,5}$)' ] } },
                { position: { key: 'network', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                // VAL044: int() is not a primitive
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'int()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'WETH pools on every network', query: 'WETH' },
                { _description: 'PEPE pools on Ethereum, second page', query: 'PEPE', network: 'eth', page: 2 },
                // TST006: limt is not a parameter (typo)
                { _description: 'LINK pools on Arbitrum', query: 'LINK', network: 'arbitrum', limt: 5 }
            ]
        },
        getMegafilterPools: {
            method: 'GET',
            path: '/pools/megafilter',
            description: 'Filter pools across networks by liquidity, price change and volume (extra filters are flattened into the query by preRequest).',
            parameters: [
                { position: { key: 'networks', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [ 'optional()' ] } },
                { position: { key: 'reserve_in_usd_min', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(0)', 'optional()' ] } },
                { position: { key: 'price_change_percentage_h24_min', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-100)', 'optional()' ] } },
                { position: { key: 'extra_filters', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'object()', options: [ 'optional()' ] } },
                // VAL046: enum values in JavaScript array syntax
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: "enum(['h24_volume_usd_desc','pool_created_at_desc'])", options: [ 'optional()' ] } },
                // VAL043: header is not a parameter location
                { position: { key: 'x-cg-pro-api-key', value: '{{SERVER_PARAM:COINGECKO_PRO_API_KEY}}', location: 'header' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                // exponent and negative number as test values (dialects, no finding)
                { _description: 'Liquid pools on Ethereum and Base that lost at most 2.5% in 24h', networks: [ 'eth', 'base' ], reserve_in_usd_min: 1e5, price_change_percentage_h24_min: -2.5, sort: 'h24_volume_usd_desc' },
                {
                    _description: 'Newest pools with at least 50k USD volume',
                    sort: 'pool_created_at_desc',
                    extra_filters: { h24_volume_usd_min: 5e4, h24_tx_count_min: 100 },
                },
                {
                    _description: 'Ethereum and BNB Smart Chain pools, filters given as a list',
                    // TST004: array() holds strings only, 56 is a number
                    networks: [ 'eth', 56 ],
                    // TST004: an array where object() expects an object
                    extra_filters: [ 'h24_volume_usd_min=50000' ],
                },
            ]
        }
    },
    resources: {
        poolCache: {
            source: 'sqlite',
            description: 'Local cache of pool snapshots written by a companion indexer.',
            origin: 'global',
            name: 'geckoterminal-cache.db',
            mode: 'read-only',
            queries: {
                poolsByNetwork: {
                    // RES014: two ? placeholders but only one parameter
                    sql: 'SELECT address, name, reserve_usd FROM pools WHERE network = ? AND reserve_usd > ? ORDER BY reserve_usd DESC',
                    description: 'Cached pools of one network above a liquidity floor.',
                    parameters: [
                        { position: { key: 'network', value: '{{USER_PARAM}}' }, z: { primitive: 'string()', options: [] } }
                    ],
                    tests: [
                        { _description: 'Cached Ethereum pools', network: 'eth' }
                    ],
                    output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object', properties: { address: { type: 'string' }, name: { type: 'string' }, reserve_usd: { type: 'number' } } } } }
                },
                poolsBySymbol: {
                    sql: 'SELECT network, address, name FROM pools WHERE base_symbol = ? ORDER BY reserve_usd DESC',
                    description: 'Cached pools whose base token has the given symbol.',
                    parameters: [
                        // VAL048: tokenLists is not declared in sharedLists
                        { position: { key: 'symbol', value: '{{USER_PARAM}}' }, z: { primitive: 'enum({{tokenLists:symbol}})', options: [] } }
                    ],
                    tests: [
                        { _description: 'WETH-based pools', symbol: 'WETH' },
                        { _description: 'USDC-based pools', symbol: 'USDC' }
                    ]
                },
                purgeStalePools: {
                    // RES012: resources are read-only, DELETE is not allowed
                    sql: 'DELETE FROM pools WHERE updated_at < ?',
                    description: 'Remove snapshots older than the given ISO timestamp.',
                    parameters: [
                        { position: { key: 'updated_before', value: '{{USER_PARAM}}' }, z: { primitive: 'string()', options: [] } }
                    ],
                    tests: [
                        { _description: 'Drop everything before 2024', updated_before: '2024-01-01T00:00:00Z' }
                    ]
                }
            }
        }
    }
}


// SEC001: an import after main (seen in real files); the runtime's text scan refuses the file
import { URLSearchParams } from 'node:url'


export const handlers = ( { sharedLists, libraries } ) => ( {
    getMegafilterPools: {
        preRequest: async ( { struct, payload } ) => {
            const { extra_filters } = payload
            if( extra_filters === undefined ) {
                return { struct, payload }
            }
            const [ base, query = '' ] = struct['url'].split( '?' )
            const params = new URLSearchParams( query )
            params.delete( 'extra_filters' )
            Object
                .entries( extra_filters )
                .forEach( ( [ key, value ] ) => params.set( key, `${value}` ) )
            struct['url'] = `${base}?${params.toString()}`

            return { struct, payload }
        }
    },
    getPoolOhlcv: {
        postRequest: async ( { response, struct, payload } ) => {
            const { ohlcv_list } = response['data']['attributes']
            response = ohlcv_list
                .map( ( [ timestamp, open, high, low, close, volume ] ) => ( { timestamp, open, high, low, close, volume } ) )

            return { response }
        }
    }
} )
