// A provider ported by hand from an old v2 definition, before anyone ran flowlint on it: it shows the
// specification's main-block, tool and output-schema rules and the runtime's text scan. Each trigger has
// a `// CODE: why` comment on the line above it. Public endpoints and values only.

export const main = {
    // VAL011: uppercase letters in the namespace
    namespace: 'OpenAQ',
    name: 'OpenAQ air quality (legacy port)',
    description: 'Air quality measurements from the OpenAQ platform.',
    // VAL014 (warning): version 2.x is deprecated
    version: '2.1.0',
    // VAL020: docs must be an array; SEC008 (3.0.0's global scope): the runtime's text scan matches 'global.' inside this URL
    docs: 'https://docs.openaq.org/using-the-api/global.html',
    // VAL021: tags must be an array of strings
    tags: 'environment',
    // VAL022: requiredServerParams must be an array of strings
    requiredServerParams: 'OPENAQ_API_KEY',
    // VAL015: trailing slash
    root: 'https://api.openaq.org/',
    // VAL023: headers must be an object
    headers: [ 'Accept: application/json' ],
    // VAL024: sharedLists must be an array of objects
    sharedLists: { ref: 'countries', version: '1.0.0' },
    // VAL025: requiredLibraries must be an array of strings
    requiredLibraries: 'moment',
    // VAL003: not a field of main (a typo of tags)
    tag: [ 'air-quality' ],
    // VAL018 (warning): routes is the pre-v3 name of tools
    routes: {
        // VAL030: tool names are camelCase
        get_locations: {
            // VAL032: not an HTTP method FlowMCP knows
            method: 'FETCH',
            // VAL033: the path must start with '/'
            path: 'v2/locations',
            description: 'Monitoring locations, optionally filtered by country.',
            parameters: [
                // VAL041: position.key must be a non-empty string
                { position: { key: '', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                // VAL042: position.value must be a string
                { position: { key: 'limit', value: 100, location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'First page of locations' },
                { _description: 'Locations again' },
                { _description: 'And once more' }
            ],
            output: {
                // VAL060: text/csv is not an output MIME type (CSV is text/plain)
                mimeType: 'text/csv',
                schema: { type: 'string' }
            }
        },
        getLatest: {
            method: 'GET',
            path: '/v2/latest',
            // VAL034: an empty description
            description: '',
            parameters: [
                { position: { key: 'city', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } },
                // FL010: a body parameter on a GET request is never sent
                { position: { key: 'radius', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'number()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'Latest values in Berlin', city: 'Berlin' },
                { _description: 'Latest values in Paris', city: 'Paris' },
                { _description: 'Latest values in Madrid with a radius', city: 'Madrid', radius: 10000 }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        meta: {
                            type: 'object',
                            properties: {
                                // VAL061: integer is not an output-schema type (number is)
                                found: { type: 'integer' }
                            }
                        },
                        results: {
                            type: 'array',
                            items: {
                                type: 'object',
                                properties: {
                                    // VAL065: items only on an array
                                    measurements: { type: 'object', items: { type: 'number' } },
                                    coordinates: {
                                        type: 'object',
                                        properties: {
                                            source: {
                                                type: 'object',
                                                // VAL063 (warning): a 5th level
                                                properties: { provider: { type: 'string' } }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        },
        getCountries: {
            method: 'GET',
            path: '/v2/countries',
            description: 'Countries with measurements.',
            // VAL035: parameters must be an array
            parameters: {},
            // VAL037 (info): async is reserved and not executed
            async: true,
            tests: [
                { _description: 'All countries' },
                { _description: 'All countries again' },
                { _description: 'All countries once more' }
            ],
            output: {
                mimeType: 'application/json',
                // VAL062: application/json carries an object or an array
                schema: { type: 'string' }
            }
        },
        getCountriesList: {
            method: 'GET',
            path: '/v2/countries/list',
            description: 'Country codes only.',
            parameters: [],
            tests: [
                { _description: 'Codes' },
                { _description: 'Codes again' },
                { _description: 'Codes once more' }
            ],
            output: {
                mimeType: 'application/json',
                // VAL064: properties only on an object
                schema: { type: 'array', properties: { code: { type: 'string' } } }
            }
        },
        // FL016: getCountries_list and getCountriesList both become get_countries_list_open_aq
        getCountries_list: {
            method: 'GET',
            path: '/v2/countries/list',
            description: 'Country codes only (duplicate of getCountriesList).',
            parameters: [],
            tests: [
                { _description: 'Codes' },
                { _description: 'Codes again' },
                { _description: 'Codes once more' }
            ],
            output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'object' } } }
        }
    }
}


// VAL004: handlers is a function of { sharedLists, libraries } since v3, not a v2 object
export const handlers = {
    getLatest: {
        // FL018: the 3.x scan refuses require( anywhere in the file (it prints SEC002, a code 3.0.0 gives to
        // a non-serialisable main)
        postRequest: async ( { response } ) => ( { response: require( 'lodash' ).get( response, 'results' ) } )
    }
}
