// A FlowMCP skill: a reusable, multi-step instruction that composes tools.
// Not a tool definition: flowlint skips it with an info.

export const skill = {
    name: 'compare-token-prices',
    version: '3.0.0',
    description: 'Compare the CoinGecko spot price of a token with its DEX price on a given network.',
    requires: {
        tools: [ 'coingecko/getSimplePrice', 'geckoterminal/getTokenPrices' ],
        resources: [],
        external: []
    },
    input: [
        { key: 'coinId', type: 'string', description: 'CoinGecko coin id, e.g. ethereum', required: true },
        { key: 'network', type: 'string', description: 'GeckoTerminal network id, e.g. arbitrum', required: true },
        { key: 'tokenAddress', type: 'string', description: 'Token contract address on that network', required: true }
    ],
    output: 'A short table with both prices and the spread in percent.',
    content: [
        '## Steps',
        '1. Call {{tool:coingecko/getSimplePrice}} with ids [ {{input:coinId}} ] and vs_currencies usd.',
        '2. Call {{tool:geckoterminal/getTokenPrices}} for {{input:tokenAddress}} on {{input:network}}.',
        '3. Report both prices and the spread: (dex - spot) / spot * 100.'
    ].join( '\n' )
}
