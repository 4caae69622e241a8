// The README's walkthrough definition: token prices from a small local API (examples/demo-prices/serve.py).
// Its root is a placeholder domain; the walkthrough sends the calls to the local API with --base-url.

export const main = {
    namespace: 'demoprices',
    name: 'Demo token prices',
    description: 'Spot prices and 24-hour statistics of a few tokens, from the local demo API.',
    version: '3.0.0',
    root: 'https://api.demo-prices.example',
    tools: {
        getPrice: {
            method: 'GET',
            path: '/price/:symbol',
            description: 'The spot price of one token in a fiat currency.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(BTC,ETH,SOL)', options: [] } },
                { position: { key: 'currency', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(usd,eur)', options: [ 'optional()', 'default(usd)' ] } }
            ],
            tests: [
                { _description: 'Bitcoin in US dollars', symbol: 'BTC', currency: 'usd' },
                { _description: 'Ether in euros', symbol: 'ETH', currency: 'eur' },
                { _description: 'Solana in the default currency', symbol: 'SOL' } // no currency: the API's default
            ] // schema --write adds output after this comment and keeps it
        },
        getStats: {
            method: 'GET',
            path: '/stats/:symbol',
            description: 'High, low and volume of one token over the last 24 hours.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(BTC,ETH,SOL)', options: [] } }
            ],
            tests: [
                { _description: 'Bitcoin', symbol: 'BTC' },
                { _description: 'Ether', symbol: 'ETH' },
                { _description: 'Solana', symbol: 'SOL' }
            ]
        }
    }
}
