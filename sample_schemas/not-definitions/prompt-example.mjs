// A FlowMCP prompt: guidance shown to a model about how to use a provider's tools.
// Not a tool definition: flowlint skips it with an info.

export const prompt = {
    name: 'contract-due-diligence',
    version: '3.0.0',
    namespace: 'etherscan',
    description: 'Check a smart contract before interacting with it: verification, proxy status and deployer.',
    dependsOn: [ 'getContractSourceCode', 'getContractCreation' ],
    references: [ 'https://docs.etherscan.io/etherscan-v2/api-endpoints/contracts' ],
    content: `
Use getContractSourceCode first. If the contract is not verified, say so and stop.
If isProxy is true, repeat the lookup for the implementation address.
Then call getContractCreation and report the creator and the creation transaction.
Never guess a chain: ask the user when the network is not given.
`
}
