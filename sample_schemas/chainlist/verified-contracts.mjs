// Chainlist RPC directory plus a bundled SQLite table of well-known verified token contracts.
// The database lives next to this file in resources/contracts.db (origin 'inline') and is
// rebuilt by resources/make_contracts_db.py.
// Expected flowlint result: no findings.

export const main = {
    namespace: 'chainlist',
    name: 'VerifiedContracts',
    description: 'Public RPC endpoints per EVM chain from Chainlist, and a local lookup of verified stablecoin, WETH, UNI and LINK contracts.',
    version: '3.0.0',
    docs: [ 'https://chainlist.org', 'https://github.com/DefiLlama/chainlist' ],
    tags: [ 'evm', 'rpc', 'contracts', 'tokens' ],
    root: 'https://chainlist.org',
    requiredServerParams: [],
    headers: {},
    tools: {
        getRpcList: {
            method: 'GET',
            path: '/rpcs.json',
            description: 'Every chain known to Chainlist with its chain id, native currency and public RPC URLs.',
            parameters: [],
            tests: [
                { _description: 'Full chain and RPC directory' }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'array',
                    items: {
                        type: 'object',
                        properties: {
                            name: { type: 'string' },
                            chain: { type: 'string' },
                            chainId: { type: 'number' },
                            nativeCurrency: {
                                type: 'object',
                                properties: {
                                    name: { type: 'string' },
                                    symbol: { type: 'string' },
                                    decimals: { type: 'number' }
                                }
                            },
                            rpc: {
                                type: 'array',
                                items: {
                                    type: 'object',
                                    properties: {
                                        url: { type: 'string', format: 'uri' },
                                        tracking: { type: 'string', nullable: true }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    },
    resources: {
        verifiedContracts: {
            source: 'sqlite',
            description: 'Verified ERC-20 contracts (USDC, USDT, WETH, DAI, UNI, LINK) on Ethereum, OP Mainnet, Polygon, Arbitrum One and Base.',
            origin: 'inline',
            name: 'contracts.db',
            mode: 'read-only',
            queries: {
                byAddress: {
                    sql: 'SELECT address, name, chain_id, verified_at FROM contracts WHERE address = ?',
                    description: 'Find every deployment of a contract address (the same address can exist on several chains).',
                    parameters: [
                        { position: { key: 'address', value: '{{USER_PARAM}}' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } }
                    ],
                    tests: [
                        { _description: 'USDC on Ethereum mainnet', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
                        { _description: 'WETH predeploy shared by OP Mainnet and Base (two rows)', address: '0x4200000000000000000000000000000000000006' }
                    ],
                    output: {
                        mimeType: 'application/json',
                        schema: {
                            type: 'array',
                            items: {
                                type: 'object',
                                properties: {
                                    address: { type: 'string' },
                                    name: { type: 'string' },
                                    chain_id: { type: 'number' },
                                    verified_at: { type: 'string', description: 'ISO 8601 date' }
                                }
                            }
                        }
                    }
                },
                byChain: {
                    sql: 'SELECT address, name, symbol, verified_at FROM contracts WHERE chain_id = ? ORDER BY symbol LIMIT ?',
                    description: 'List the verified contracts of one chain, alphabetically by symbol.',
                    parameters: [
                        { position: { key: 'chainId', value: '{{USER_PARAM}}' }, z: { primitive: 'number()', options: [ 'min(1)' ] } },
                        { position: { key: 'limit', value: '{{USER_PARAM}}' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)' ] } }
                    ],
                    tests: [
                        { _description: 'First five contracts on Polygon PoS', chainId: 137, limit: 5 },
                        { _description: 'All contracts on Arbitrum One', chainId: 42161, limit: 20 }
                    ],
                    output: {
                        mimeType: 'application/json',
                        schema: {
                            type: 'array',
                            items: {
                                type: 'object',
                                properties: {
                                    address: { type: 'string' },
                                    name: { type: 'string' },
                                    symbol: { type: 'string' },
                                    verified_at: { type: 'string' }
                                }
                            }
                        }
                    }
                },
                bySymbol: {
                    sql: 'SELECT chain_id, address, name FROM contracts WHERE symbol = ? ORDER BY chain_id',
                    description: 'Where a token is deployed: one row per chain for the given symbol.',
                    parameters: [
                        { position: { key: 'symbol', value: '{{USER_PARAM}}' }, z: { primitive: 'enum(USDC,USDT,WETH,DAI,UNI,LINK)', options: [] } }
                    ],
                    tests: [
                        { _description: 'USDC on all five chains', symbol: 'USDC' },
                        { _description: 'Chainlink token deployments', symbol: 'LINK' }
                    ],
                    output: {
                        mimeType: 'application/json',
                        schema: {
                            type: 'array',
                            items: {
                                type: 'object',
                                properties: {
                                    chain_id: { type: 'number' },
                                    address: { type: 'string' },
                                    name: { type: 'string' }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
