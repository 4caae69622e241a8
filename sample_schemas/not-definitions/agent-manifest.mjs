// An agent manifest: bundles tools from several providers for one agent.
// `tools` is an array of tool ids and tests have input/expectedTools, so this is not a
// tool definition even though it exports `main`. flowlint skips it with an info.

export const main = {
    name: 'defi-research-agent',
    description: 'Answers questions about token prices, DeFi protocol TVL and verified contracts.',
    version: '3.0.0',
    model: 'anthropic/claude-sonnet-4',
    systemPrompt: 'You are a careful DeFi research assistant. Cite the tool you used for every number.',
    tools: [
        'coingecko/getSimplePrice',
        'coingecko/getCoinMarkets',
        'defillama/getProtocol',
        'defillama/getChains',
        'etherscan/getContractSourceCode'
    ],
    tests: [
        { input: 'What is the price of bitcoin and ethereum in EUR?', expectedTools: [ 'coingecko/getSimplePrice' ] },
        { input: 'How much TVL does Aave have, and on which chains?', expectedTools: [ 'defillama/getProtocol' ] },
        { input: 'Is the WETH contract on Arbitrum a proxy?', expectedTools: [ 'etherscan/getContractSourceCode' ] }
    ]
}
