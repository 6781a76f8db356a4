from tuning_host.server.rpc import _short_repr


def test_a_log_line_names_the_parameters_without_carrying_a_whole_message():
    line = _short_repr([{"name": "n" * 60000, "settings": [{"a": [[[1]]]}] * 1000}])
    assert len(line) < 400 and line.startswith("[{'name': 'nnn")
