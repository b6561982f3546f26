"""Conformance test fixtures for rules engines: one TOML file per rule in the phase.rs cr-suite
shape (:mod:`mtgcr.conformance.fixtures`: generate, check, migrate, coverage), the engines that run
them (:mod:`mtgcr.conformance.engines`, found through the ``mtgcr.engines`` entry-point group) and
the pytest plugin that makes each fixture a test item (:mod:`mtgcr.conformance.pytest_plugin`)."""
