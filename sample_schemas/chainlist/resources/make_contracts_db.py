"""Build `contracts.db`, the SQLite resource of `../verified-contracts.mjs`.

Deterministic: the same rows in the same order on every run, written to a temporary file and
moved into place, so rerunning the script leaves an identical database. Standard library only.
Run: python3 sample_schemas/chainlist/resources/make_contracts_db.py
"""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

DATABASE = Path(__file__).with_name("contracts.db")

SCHEMA = """
CREATE TABLE contracts (
    address     TEXT    NOT NULL,
    chain_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    symbol      TEXT    NOT NULL,
    decimals    INTEGER NOT NULL,
    verified_at TEXT    NOT NULL,
    PRIMARY KEY (chain_id, address)
);
CREATE INDEX contracts_by_address ON contracts (address);
"""

# Public token contracts (EIP-55 checksummed), one row per deployment.
# verified_at is the approximate first verification date (ISO 8601) on the chain's explorer.
CONTRACTS: list[tuple[str, int, str, str, int, str]] = [
    ("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", 1, "USD Coin", "USDC", 6, "2018-08-03"),
    ("0xdAC17F958D2ee523a2206206994597C13D831ec7", 1, "Tether USD", "USDT", 6, "2017-11-28"),
    ("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", 1, "Wrapped Ether", "WETH", 18, "2017-12-18"),
    ("0x6B175474E89094C44Da98b954EedeAC495271d0F", 1, "Dai Stablecoin", "DAI", 18, "2019-11-13"),
    ("0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984", 1, "Uniswap", "UNI", 18, "2020-09-16"),
    ("0x514910771AF9Ca656af840dff83E8264EcF986CA", 1, "ChainLink Token", "LINK", 18, "2017-09-16"),
    ("0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", 10, "USD Coin", "USDC", 6, "2023-09-20"),
    ("0x4200000000000000000000000000000000000006", 10, "Wrapped Ether", "WETH", 18, "2021-11-11"),
    ("0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1", 10, "Dai Stablecoin", "DAI", 18, "2021-06-23"),
    ("0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", 137, "USD Coin", "USDC", 6, "2023-10-10"),
    ("0xc2132D05D31c914a87C6611C10748AEb04B58e8F", 137, "(PoS) Tether USD", "USDT", 6, "2020-09-28"),
    ("0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619", 137, "Wrapped Ether", "WETH", 18, "2020-05-30"),
    ("0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063", 137, "(PoS) Dai Stablecoin", "DAI", 18, "2020-05-30"),
    ("0xb33EaAd8d922B1083446DC23f610c2567fB5180f", 137, "Uniswap (PoS)", "UNI", 18, "2020-09-17"),
    ("0x53E0bca35eC356BD5ddDFebbD1Fc0fD03FaBad39", 137, "ChainLink Token", "LINK", 18, "2020-06-02"),
    ("0xaf88d065e77c8cC2239327C5EDb3A432268e5831", 42161, "USD Coin", "USDC", 6, "2022-10-31"),
    ("0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9", 42161, "Tether USD", "USDT", 6, "2021-09-01"),
    ("0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", 42161, "Wrapped Ether", "WETH", 18, "2021-05-28"),
    ("0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1", 42161, "Dai Stablecoin", "DAI", 18, "2021-08-31"),
    ("0xFa7F8980b0f1E64A2062791cc3b0871572f1F7f0", 42161, "Uniswap", "UNI", 18, "2021-06-02"),
    ("0xf97f4df75117a78c1A5a0DBb814Af92458539FB4", 42161, "ChainLink Token", "LINK", 18, "2021-06-03"),
    ("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", 8453, "USD Coin", "USDC", 6, "2023-08-31"),
    ("0x4200000000000000000000000000000000000006", 8453, "Wrapped Ether", "WETH", 18, "2023-06-15"),
]

ADDRESS = re.compile(r"^0x[a-fA-F0-9]{40}$")


def build(path: Path = DATABASE) -> Path:
    """Write the database to `path` atomically and return the path."""
    for row in CONTRACTS:
        if not ADDRESS.match(row[0]):
            raise ValueError(f"not a 20-byte hex address: {row[0]}")
    temporary = path.with_suffix(".db.tmp")
    temporary.unlink(missing_ok=True)
    connection = sqlite3.connect(temporary)
    try:
        connection.executescript(SCHEMA)
        connection.executemany("INSERT INTO contracts VALUES (?, ?, ?, ?, ?, ?)", CONTRACTS)
        connection.commit()
        connection.execute("VACUUM")
    finally:
        connection.close()
    os.replace(temporary, path)
    return path


if __name__ == "__main__":
    print(f"wrote {build()} ({len(CONTRACTS)} contracts)")
