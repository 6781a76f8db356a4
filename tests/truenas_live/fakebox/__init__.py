"""The fake box: middlewared plugin modules (copied to ``middlewared/plugins/fakebox`` by launcher.py) that stand in
for the hardware-bound TrueNAS services the tuning plugin calls. They use the release's own ``api_method`` and API
models, so what the plugin sends is validated by the real models. State lives in ``$FAKEBOX_HOME/box.json``."""
