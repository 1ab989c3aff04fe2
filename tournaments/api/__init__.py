"""The REST API: read pairings, results and standings; arbiters pair rounds and enter results."""
