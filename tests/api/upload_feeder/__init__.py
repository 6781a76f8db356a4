"""Test-only plugin for hosts without TrueNAS's `/_upload` route (the standalone host has none yet): starts a job
with a file in its input pipe, in process, as `/_upload` does. Loaded with `plugins="tuning,upload_feeder"`."""
