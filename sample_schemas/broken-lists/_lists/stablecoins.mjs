// A shared list with the mistakes 03-shared-lists forbids; a `// CODE: why` comment above each trigger.

export const list = {
    meta: {
        name: 'stablecoins',
        // LST003: not a semantic version
        version: '1.0',
        description: 'USD stablecoins and their deployments',
        fields: [
            { key: 'symbol', type: 'string', description: 'Ticker symbol' },
            { key: 'decimals', type: 'number', description: 'Token decimals' },
            // LST005: no description, and lists are flat (no arrays)
            { key: 'chains', type: 'array' }
        ],
        // LST009: no list named isoCurrencyCodes in this registry
        dependsOn: [ { ref: 'isoCurrencyCodes', version: '1.0.0' } ]
    },
    entries: [
        { symbol: 'USDC', decimals: 6 },
        // LST008: decimals is declared number
        { symbol: 'DAI', decimals: '18' },
        // LST007: the required field decimals is missing (chains is no valid field, so not required)
        { symbol: 'USDT' }
    ]
}
