@_exported import CSQLiteAmalgamation
