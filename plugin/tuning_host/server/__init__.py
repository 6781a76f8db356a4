"""TrueNAS wire protocol for the standalone host: JSON-RPC 2.0 over websocket at /api/current (aiohttp)."""
