// CoinGecko public API (free tier, no key): spot prices, market listings and coin details.
// Docs: https://docs.coingecko.com/v3.0.1/reference/introduction
// Expected flowlint result: no findings.

export const main = {
    namespace: 'coingecko',
    name: 'SimplePrice',
    description: 'Current prices, market rankings and coin metadata from the public CoinGecko API.',
    version: '3.0.0',
    docs: [ 'https://docs.coingecko.com/v3.0.1/reference/simple-price', 'https://docs.coingecko.com/v3.0.1/reference/coins-markets', 'https://docs.coingecko.com/v3.0.1/reference/coins-id' ],
    tags: [ 'crypto', 'prices', 'marketdata' ],
    root: 'https://api.coingecko.com/api/v3',
    requiredServerParams: [],
    headers: {},
    tools: {
        getSimplePrice: {
            method: 'GET',
            path: '/simple/price',
            description: 'Fetch the current price of one or more coins in one or more fiat or crypto currencies.',
            parameters: [
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [] } },
                { position: { key: 'vs_currencies', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)' ] } },
                { position: { key: 'include_24hr_change', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } },
                { position: { key: 'include_market_cap', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()', 'default(false)' ] } }
            ],
            tests: [
                { _description: 'Single coin in a single currency', ids: [ 'bitcoin' ], vs_currencies: 'usd' },
                { _description: 'Several coins in several currencies with 24h change', ids: [ 'bitcoin', 'ethereum', 'solana' ], vs_currencies: 'usd,eur,gbp', include_24hr_change: true },
                { _description: 'Stablecoin quoted in BTC with market cap', ids: [ 'usd-coin' ], vs_currencies: 'btc', include_market_cap: true, include_24hr_change: false }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    description: 'Prices keyed by coin id, then by currency code (e.g. bitcoin.usd, bitcoin.usd_24h_change)'
                }
            }
        },
        getCoinMarkets: {
            method: 'GET',
            path: '/coins/markets',
            description: 'List coins with price, market cap and volume, sorted and paginated.',
            parameters: [
                { position: { key: 'vs_currency', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)', 'max(5)' ] } },
                { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(market_cap_desc,market_cap_asc,volume_desc,volume_asc,id_asc,id_desc)', options: [ 'optional()', 'default(market_cap_desc)' ] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(250)', 'optional()', 'default(100)' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'optional()', 'default(1)' ] } },
                { position: { key: 'category', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'Top 10 coins by market cap in USD', vs_currency: 'usd', order: 'market_cap_desc', per_page: 10 },
                { _description: 'Second page of the highest-volume coins in EUR', vs_currency: 'eur', order: 'volume_desc', per_page: 50, page: 2 },
                { _description: 'Stablecoin category with default ordering', vs_currency: 'usd', category: 'stablecoins' }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'array',
                    items: {
                        type: 'object',
                        properties: {
                            id: { type: 'string', description: 'CoinGecko coin id' },
                            symbol: { type: 'string' },
                            name: { type: 'string' },
                            current_price: { type: 'number' },
                            market_cap: { type: 'number' },
                            market_cap_rank: { type: 'number', nullable: true },
                            total_volume: { type: 'number' },
                            price_change_percentage_24h: { type: 'number', nullable: true },
                            last_updated: { type: 'string', format: 'date-time' }
                        }
                    }
                }
            }
        },
        getCoinById: {
            method: 'GET',
            path: '/coins/:id',
            description: 'Get metadata and market data for one coin by its CoinGecko id.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'localization', value: 'false', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'tickers', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()', 'default(false)' ] } },
                { position: { key: 'developer_data', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'Bitcoin without tickers', id: 'bitcoin', tickers: false },
                { _description: 'Ethereum with developer (GitHub) statistics', id: 'ethereum', developer_data: true },
                { _description: 'Chainlink with exchange tickers', id: 'chainlink', tickers: true }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        id: { type: 'string' },
                        symbol: { type: 'string' },
                        name: { type: 'string' },
                        hashing_algorithm: { type: 'string', nullable: true },
                        categories: { type: 'array', items: { type: 'string' } },
                        links: {
                            type: 'object',
                            properties: {
                                homepage: { type: 'array', items: { type: 'string' } }
                            }
                        },
                        market_data: {
                            type: 'object',
                            properties: {
                                current_price: { type: 'object', description: 'Price keyed by currency code' },
                                market_cap_rank: { type: 'number', nullable: true }
                            }
                        }
                    }
                }
            }
        }
    }
}
