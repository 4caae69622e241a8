// Two lists that depend on each other.

export const list = {
    // LST010: pegged -> stablecoinPegs -> pegged
    meta: {
        name: 'pegged',
        version: '1.0.0',
        description: 'Assets pegged to another asset',
        fields: [ { key: 'symbol', type: 'string', description: 'Ticker symbol' } ],
        dependsOn: [ { ref: 'stablecoinPegs', version: '1.0.0' } ]
    },
    entries: [ { symbol: 'WBTC' } ]
}
