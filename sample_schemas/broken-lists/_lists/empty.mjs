// A list started and never finished.

export const list = {
    // LST002: no name; LST004: no fields
    meta: { version: '1.0.0', description: 'To be filled', fields: [] },
    // LST006: no entries
    entries: []
}
