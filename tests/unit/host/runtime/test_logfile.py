from tuning_host.runtime.logfile import append_rotating


def test_the_audit_file_rotates_and_stays_bounded(tmp_path):
    path = str(tmp_path / "audit.log")
    line = "x" * 99
    for _ in range(1000):
        append_rotating(path, line, max_bytes=1000, backups=2)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["audit.log", "audit.log.1", "audit.log.2"]
    assert all(p.stat().st_size <= 1000 for p in tmp_path.iterdir())
    assert (tmp_path / "audit.log.1").read_text() == (line + "\n") * 10
