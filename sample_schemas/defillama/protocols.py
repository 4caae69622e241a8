"""DefiLlama protocol and DEX-volume endpoints as a FlowMCP definition written in Python.

Same shape as the JavaScript definitions: a module-level `main` dict literal that flowlint reads
statically (True/False instead of true/false). No API key is needed.
Expected flowlint result: one TST008 (info) on `excludeTotalDataChartBreakdown`, nothing else.
"""

main = {
    'namespace': 'defillama',
    'name': 'Protocols',
    'description': 'TVL per protocol and per chain, and DEX trading volume, from the public DefiLlama API.',
    'version': '3.0.0',
    'docs': ['https://api-docs.defillama.com/', 'https://defillama.com/docs/api'],
    'tags': ['defi', 'tvl', 'dex'],
    'root': 'https://api.llama.fi',
    'requiredServerParams': [],
    'headers': {},
    'tools': {
        'getProtocols': {
            'method': 'GET',
            'path': '/protocols',
            'description': 'List every tracked protocol with its current TVL, category and chains.',
            'parameters': [],
            'tests': [
                {'_description': 'All protocols (large response, about 5 MB)'},
            ],
            'output': {
                'mimeType': 'application/json',
                'schema': {
                    'type': 'array',
                    'items': {
                        'type': 'object',
                        'properties': {
                            'id': {'type': 'string'},
                            'name': {'type': 'string'},
                            'slug': {'type': 'string', 'description': 'Identifier used by getProtocol'},
                            'category': {'type': 'string', 'nullable': True},
                            'chains': {'type': 'array', 'items': {'type': 'string'}},
                            'tvl': {'type': 'number', 'nullable': True},
                            'change_1d': {'type': 'number', 'nullable': True},
                        },
                    },
                },
            },
        },
        'getProtocol': {
            'method': 'GET',
            'path': '/protocol/:protocol',
            'description': 'Historical TVL of one protocol, broken down by chain and token.',
            'parameters': [
                {
                    'position': {'key': 'protocol', 'value': '{{USER_PARAM}}', 'location': 'insert'},
                    'z': {'primitive': 'string()', 'options': ['min(2)']},
                },
            ],
            'tests': [
                {'_description': 'Lending protocol deployed on many chains (Aave)', 'protocol': 'aave'},
                {'_description': 'DEX with a single slug for all versions (Uniswap)', 'protocol': 'uniswap'},
            ],
            'output': {
                'mimeType': 'application/json',
                'schema': {
                    'type': 'object',
                    'properties': {
                        'name': {'type': 'string'},
                        'chains': {'type': 'array', 'items': {'type': 'string'}},
                        'currentChainTvls': {
                            'type': 'object',
                            'description': 'Current TVL keyed by chain name',
                        },
                        'tvl': {
                            'type': 'array',
                            'items': {
                                'type': 'object',
                                'properties': {
                                    'date': {'type': 'number', 'description': 'Unix timestamp (seconds)'},
                                    'totalLiquidityUSD': {'type': 'number'},
                                },
                            },
                        },
                    },
                },
            },
        },
        'getChains': {
            'method': 'GET',
            'path': '/v2/chains',
            'description': 'Current TVL of every chain tracked by DefiLlama.',
            'parameters': [],
            'tests': [
                {'_description': 'All chains with their TVL and native token'},
            ],
            'output': {
                'mimeType': 'application/json',
                'schema': {
                    'type': 'array',
                    'items': {
                        'type': 'object',
                        'properties': {
                            'name': {'type': 'string'},
                            'tvl': {'type': 'number'},
                            'tokenSymbol': {'type': 'string', 'nullable': True},
                            'chainId': {'type': 'number', 'nullable': True},
                            'gecko_id': {'type': 'string', 'nullable': True},
                        },
                    },
                },
            },
        },
        'getDexVolumeOverview': {
            'method': 'GET',
            'path': '/overview/dexs/:chain',
            'description': 'Aggregated DEX volume for one chain, with per-protocol figures.',
            'parameters': [
                {
                    'position': {'key': 'chain', 'value': '{{USER_PARAM}}', 'location': 'insert'},
                    'z': {'primitive': 'string()', 'options': []},
                },
                {
                    'position': {'key': 'dataType', 'value': '{{USER_PARAM}}', 'location': 'query'},
                    'z': {
                        'primitive': 'enum(dailyVolume,totalVolume)',
                        'options': ['optional()', 'default(dailyVolume)'],
                    },
                },
                {
                    'position': {
                        'key': 'excludeTotalDataChart',
                        'value': '{{USER_PARAM}}',
                        'location': 'query',
                    },
                    'z': {'primitive': 'boolean()', 'options': ['optional()']},
                },
                # TST008 (info): this optional parameter is deliberately never used in a test below.
                {
                    'position': {
                        'key': 'excludeTotalDataChartBreakdown',
                        'value': '{{USER_PARAM}}',
                        'location': 'query',
                    },
                    'z': {'primitive': 'boolean()', 'options': ['optional()']},
                },
            ],
            'tests': [
                {
                    '_description': 'Daily DEX volume on Ethereum without the chart series',
                    'chain': 'ethereum',
                    'dataType': 'dailyVolume',
                    'excludeTotalDataChart': True,
                },
                {
                    '_description': 'Cumulative DEX volume on Arbitrum, chart included',
                    'chain': 'arbitrum',
                    'dataType': 'totalVolume',
                    'excludeTotalDataChart': False,
                },
            ],
            'output': {
                'mimeType': 'application/json',
                'schema': {
                    'type': 'object',
                    'properties': {
                        'chain': {'type': 'string', 'nullable': True},
                        'total24h': {'type': 'number', 'nullable': True},
                        'total7d': {'type': 'number', 'nullable': True},
                        'change_1d': {'type': 'number', 'nullable': True},
                        'totalDataChart': {
                            'type': 'array',
                            'description': '[timestamp, volume] pairs',
                            'items': {'type': 'array', 'items': {'type': 'number'}},
                        },
                        'protocols': {
                            'type': 'array',
                            'items': {
                                'type': 'object',
                                'properties': {
                                    'name': {'type': 'string'},
                                    'total24h': {'type': 'number', 'nullable': True},
                                },
                            },
                        },
                    },
                },
            },
        },
    },
}
