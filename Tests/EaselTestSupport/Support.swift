// Shared test helpers (see Fixtures.swift once merged).
