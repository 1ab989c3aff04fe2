from games.live_models import *  # noqa: F403
