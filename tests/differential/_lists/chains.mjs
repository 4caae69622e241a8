// Shared list for the differential fixtures (found as the `_lists/` folder above cases/).
export const list = {
    meta: {
        name: 'chains',
        version: '1.0.0',
        description: 'Chains used by the differential fixtures.',
        fields: [ { key: 'alias', type: 'string', optional: false } ]
    },
    entries: [ { alias: 'ETH' }, { alias: 'BSC' }, { alias: 'ARB' } ]
}
