// Shared list of EVM chains, referenced by definitions through
// sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ] and enum({{evmChains:<field>}}).
// Chains without an Etherscan V2 endpoint simply leave etherscanAlias out.

export const list = {
    meta: {
        name: 'evmChains',
        version: '3.0.0',
        description: 'EVM-compatible networks with their chain ids and the aliases used by explorer APIs.',
        fields: [
            { key: 'alias', type: 'string', description: 'FlowMCP-wide chain alias, upper snake case' },
            { key: 'name', type: 'string', description: 'Human-readable network name' },
            { key: 'chainId', type: 'number', description: 'EIP-155 chain id' },
            { key: 'nativeCurrency', type: 'string', description: 'Symbol of the gas token' },
            { key: 'etherscanAlias', type: 'string', optional: true, description: 'Network name accepted by the Etherscan V2 multichain API tools' }
        ]
    },
    entries: [
        { alias: 'ETHEREUM_MAINNET', name: 'Ethereum Mainnet', chainId: 1, nativeCurrency: 'ETH', etherscanAlias: 'ethereum' },
        { alias: 'OPTIMISM_MAINNET', name: 'OP Mainnet', chainId: 10, nativeCurrency: 'ETH', etherscanAlias: 'optimism' },
        { alias: 'BINANCE_MAINNET', name: 'BNB Smart Chain', chainId: 56, nativeCurrency: 'BNB', etherscanAlias: 'bsc' },
        { alias: 'POLYGON_MAINNET', name: 'Polygon PoS', chainId: 137, nativeCurrency: 'POL', etherscanAlias: 'polygon' },
        { alias: 'ARBITRUM_ONE_MAINNET', name: 'Arbitrum One', chainId: 42161, nativeCurrency: 'ETH', etherscanAlias: 'arbitrum' },
        { alias: 'BASE_MAINNET', name: 'Base', chainId: 8453, nativeCurrency: 'ETH', etherscanAlias: 'base' },
        { alias: 'RONIN_MAINNET', name: 'Ronin', chainId: 2020, nativeCurrency: 'RON' },
        { alias: 'AURORA_MAINNET', name: 'Aurora', chainId: 1313161554, nativeCurrency: 'ETH' }
    ]
}
