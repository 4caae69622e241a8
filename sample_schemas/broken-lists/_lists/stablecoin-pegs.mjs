// The other half of the cycle in pegged.mjs.

export const list = {
    // LST010: stablecoinPegs -> pegged -> stablecoinPegs
    meta: {
        name: 'stablecoinPegs',
        version: '1.0.0',
        description: 'What each stablecoin is pegged to',
        fields: [ { key: 'symbol', type: 'string', description: 'Ticker symbol' }, { key: 'peg', type: 'string', description: 'Pegged asset' } ],
        dependsOn: [ { ref: 'pegged', version: '1.0.0' } ]
    },
    entries: [ { symbol: 'USDC', peg: 'USD' } ]
}
