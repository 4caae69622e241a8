// A definition cut off in the middle (an interrupted save): the closing brackets of the test,
// the tool, `tools` and `main` are missing. flowlint reports one syntax error and nothing else.

export const main = {
    namespace: 'blockstream',
    name: 'Esplora',
    description: 'Bitcoin blocks, transactions and fee estimates from the Blockstream Esplora API.',
    version: '3.0.0',
    docs: [ 'https://github.com/Blockstream/esplora/blob/master/API.md' ],
    tags: [ 'bitcoin', 'explorer' ],
    root: 'https://blockstream.info/api',
    requiredServerParams: [],
    headers: {},
    tools: {
        getFeeEstimates: {
            method: 'GET',
            path: '/fee-estimates',
            description: 'Fee rate estimates (sat/vB) keyed by confirmation target in blocks.',
            parameters: [],
            tests: [
                { _description: 'Current fee estimates' }
            ]
        },
        getBlockByHash: {
            method: 'GET',
            path: '/block/:hash',
            description: 'Block header and summary by block hash.',
            parameters: [
                { position: { key: 'hash', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^[0-9a-f]{64}$)' ] } }
            ],
            tests: [
                { _description: 'Genesis block', hash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f'
