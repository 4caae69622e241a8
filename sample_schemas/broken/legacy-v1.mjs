// A FlowMCP 1.2 definition: `export const schema` with `flowMCP: '1.2.0'`, `routes`, and handlers as inline
// functions inside the same object. FlowMCP 4.x refuses it ('main: Missing export'): VAL001.

export const schema = {
    name: 'CoinCapAssets',
    description: 'Asset prices and market data from the CoinCap API.',
    version: '1.2.0',
    flowMCP: '1.2.0',
    root: 'https://api.coincap.io/v2',
    requiredServerParams: [],
    headers: {},
    routes: {
        getAssets: {
            requestMethod: 'GET',
            description: 'List assets ranked by market cap.',
            route: '/assets',
            parameters: [
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(2000)', 'optional()' ] } }
            ],
            tests: [
                { _description: 'Top ten assets', limit: 10 }
            ],
            modifiers: [
                { phase: 'post', handlerName: 'flattenAssets' }
            ]
        },
        getAssetById: {
            requestMethod: 'GET',
            description: 'One asset by its CoinCap id.',
            route: '/assets/:id',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Bitcoin', id: 'bitcoin' }
            ],
            modifiers: []
        }
    },
    handlers: {
        flattenAssets: async ( { struct, payload } ) => {
            struct['data'] = struct['data']['data']
                .map( ( { id, symbol, priceUsd } ) => ( { id, symbol, priceUsd: Number( priceUsd ) } ) )

            return { struct, payload }
        }
    }
}
