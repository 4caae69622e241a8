// LST001: a module in _lists/ that exports no list (helpers belong elsewhere)

// SEC003: list files are data only; the runtime's scan refuses require(
const { join } = require( 'path' )

export const toUpper = ( value ) => value.toUpperCase()
