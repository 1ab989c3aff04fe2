"""Command line: standings of a TRF file as JSON.

``python -m tournaments.standings FILE.trf --tiebreaks PTS,DE,PS,BH,SB``
prints ``{"players": [{"id": …, "rank": …, "PTS": …, …}]}`` in rank order.
The computation lives in :mod:`tournaments.tiebreaks`.
"""
