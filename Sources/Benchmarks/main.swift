import CSQLiteAmalgamation

var i: Int32 = 0
while let o = sqlite3_compileoption_get(i) { print(String(cString: o)); i += 1 }
#if FTS5
    print("swift sees FTS5")
#endif
