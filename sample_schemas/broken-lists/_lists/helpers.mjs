// LST001: a module in _lists/ that exports no list (helpers belong elsewhere)

export const toUpper = ( value ) => value.toUpperCase()
