"""Static files with fingerprinted names where they were collected, plain names elsewhere."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class FingerprintedStaticFiles(CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage (fingerprints, gzip/brotli copies, a year's cache).

    The start command collects the files; a test run or a dev shell that did not gets
    the plain names, which WhiteNoise serves from the app folders (``USE_FINDERS``).
    """

    def stored_name(self, name: str) -> str:
        try:
            return super().stored_name(name)
        except ValueError:  # not collected into STATIC_ROOT
            return name
