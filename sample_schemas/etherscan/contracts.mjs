// Etherscan V2 multichain API, "contracts" module: verified ABIs, source code and deployment data.
// One API key works for every supported chain; the chain is selected with the chainid query parameter.
// Docs: https://docs.etherscan.io/etherscan-v2/api-endpoints/contracts
// Expected flowlint result: no findings.

export const main = {
    namespace: 'etherscan',
    name: 'Contracts',
    description: 'Read verified smart contract ABIs, source code and creator transactions through the Etherscan V2 multichain API.',
    version: '3.0.0',
    docs: [ 'https://docs.etherscan.io/etherscan-v2/api-endpoints/contracts', 'https://docs.etherscan.io/supported-chains' ],
    tags: [ 'evm', 'contracts', 'explorer' ],
    root: 'https://api.etherscan.io',
    requiredServerParams: [ 'ETHERSCAN_API_KEY' ],
    headers: {},
    sharedLists: [
        { ref: 'evmChains', version: '3.0.0', filter: { key: 'etherscanAlias', exists: true } }
    ],
    tools: {
        getContractAbi: {
            method: 'GET',
            path: '/v2/api',
            description: 'Return the ABI of a verified contract on the selected chain.',
            parameters: [
                { position: { key: 'chainid', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(1,10,56,137,42161)', options: [] } },
                { position: { key: 'module', value: 'contract', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'action', value: 'getabi', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'USDC proxy on Ethereum mainnet', chainid: '1', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
                { _description: 'Native USDC on Polygon PoS', chainid: '137', address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
                { _description: 'Bridged USDC on Arbitrum One', chainid: '42161', address: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8' }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'array',
                    description: 'Parsed ABI entries (postRequest decodes the JSON string Etherscan returns)',
                    items: {
                        type: 'object',
                        properties: {
                            type: { type: 'string', enum: [ 'function', 'event', 'constructor', 'fallback', 'receive', 'error' ] },
                            name: { type: 'string' },
                            stateMutability: { type: 'string' },
                            inputs: { type: 'array', items: { type: 'object' } }
                        }
                    }
                }
            }
        },
        getContractSourceCode: {
            method: 'GET',
            path: '/v2/api',
            description: 'Return the verified source code, compiler settings and proxy information of a contract. The network is chosen by name.',
            parameters: [
                { position: { key: 'chainName', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(ethereum,optimism,bsc,polygon,arbitrum,base)', options: [] } },
                { position: { key: 'module', value: 'contract', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'action', value: 'getsourcecode', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'Uniswap V3 factory on Ethereum', chainName: 'ethereum', address: '0x1F98431c8aD98523631AE4a59f267346ea31F984' },
                { _description: 'WETH on Arbitrum One (upgradeable proxy)', chainName: 'arbitrum', address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1' },
                { _description: 'Canonical WETH predeploy on Base', chainName: 'base', address: '0x4200000000000000000000000000000000000006' }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        contractName: { type: 'string' },
                        compilerVersion: { type: 'string' },
                        optimizationUsed: { type: 'boolean' },
                        isProxy: { type: 'boolean' },
                        implementation: { type: 'string', nullable: true },
                        sourceCode: { type: 'string' }
                    }
                }
            }
        },
        getContractCreation: {
            method: 'GET',
            path: '/v2/api',
            description: 'Return the creator address and creation transaction hash for up to five contracts.',
            parameters: [
                { position: { key: 'chainid', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(1,10,56,137,42161)', options: [] } },
                { position: { key: 'module', value: 'contract', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'action', value: 'getcontractcreation', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'contractaddresses', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'DAI and UNI token contracts on Ethereum', chainid: '1', contractaddresses: [ '0x6B175474E89094C44Da98b954EedeAC495271d0F', '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984' ] },
                { _description: 'USDT on BNB Smart Chain', chainid: '56', contractaddresses: [ '0x55d398326f99059fF775485246999027B3197955' ] },
                { _description: 'WETH on Optimism', chainid: '10', contractaddresses: [ '0x4200000000000000000000000000000000000006' ] }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        status: { type: 'string' },
                        message: { type: 'string' },
                        result: {
                            type: 'array',
                            items: {
                                type: 'object',
                                properties: {
                                    contractAddress: { type: 'string' },
                                    contractCreator: { type: 'string' },
                                    txHash: { type: 'string' }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}


export const handlers = ( { sharedLists, libraries } ) => ( {
    getContractAbi: {
        postRequest: async ( { response, struct, payload } ) => {
            const { status, message, result } = response
            if( status !== '1' ) {
                throw new Error( `Etherscan: ${message} (${result})` )
            }
            response = JSON.parse( result )

            return { response }
        }
    },
    getContractSourceCode: {
        preRequest: async ( { struct, payload } ) => {
            const { chainName } = payload
            const chain = sharedLists['evmChains']
                .find( ( { etherscanAlias } ) => etherscanAlias === chainName )
            struct['url'] = struct['url']
                .replace( `chainName=${chainName}`, `chainid=${chain['chainId']}` )

            return { struct, payload }
        },
        postRequest: async ( { response, struct, payload } ) => {
            const [ first ] = response['result']
            response = {
                contractName: first['ContractName'],
                compilerVersion: first['CompilerVersion'],
                optimizationUsed: first['OptimizationUsed'] === '1',
                isProxy: first['Proxy'] === '1',
                implementation: first['Implementation'] === '' ? null : first['Implementation'],
                sourceCode: first['SourceCode']
            }

            return { response }
        }
    }
} )
