"""``python -m tuning_host.server``: the host process the supervisor starts (``host.main``). Started under a
``__main__`` name, the host's spawned worker processes (``Middleware.run_in_proc``) do not import it again: a worker
imports only the module of the function it runs."""
from .host import main

main()
