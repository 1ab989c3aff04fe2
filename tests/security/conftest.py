# The product tests' tournament pieces, shared here.
from tests.product.conftest import game, players, published_round  # noqa: F401
