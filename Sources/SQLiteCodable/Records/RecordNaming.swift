/// Table-name conventions a record type can choose for its ``Record/tableName``.
///
/// SQLiteDB's `SQLTable` names the table of class `Category` `Categories`: the plural of the
/// type name. A record opts in with ``Record/pluralTableName``:
///
/// ```swift
/// struct Category: Record {
///     static var tableName: String { pluralTableName }     // "Categories"
///     var id: Int64 = 0
///     var name = ""
/// }
/// ```
public enum RecordNaming {
    /// The English plural of `name`, keeping its case, by the regular rules only:
    ///
    /// | `name` ends in | plural | examples |
    /// | --- | --- | --- |
    /// | `s`, `x`, `z`, `ch`, `sh` | adds `es` | `Bus` → `Buses`, `Box` → `Boxes`, `Church` → `Churches`, `Dish` → `Dishes` |
    /// | `y` after a consonant | `y` becomes `ies` | `Category` → `Categories`, `Company` → `Companies` |
    /// | anything else (`y` after a vowel too) | adds `s` | `Task` → `Tasks`, `Day` → `Days`, `Photo` → `Photos` |
    ///
    /// Letters are compared without case (`BOX` → `BOXes`); the added letters are lower case.
    /// Irregular plurals (`Person`, `Child`, `Quiz`) follow these rules too (`Persons`,
    /// `Childs`, `Quizes`): give such a type its own ``Record/tableName``. An empty name stays
    /// empty.
    public static func plural(_ name: String) -> String {
        guard let last = name.last else { return name }
        let lower = name.lowercased()
        if lower.hasSuffix("s") || lower.hasSuffix("x") || lower.hasSuffix("z") || lower.hasSuffix("ch")
            || lower.hasSuffix("sh")
        {
            return name + "es"
        }
        if last == "y" || last == "Y" {
            if let beforeLast = name.dropLast().last, beforeLast.isLetter,
                !["a", "e", "i", "o", "u"].contains(beforeLast.lowercased())
            {
                return String(name.dropLast()) + "ies"
            }
        }
        return name + "s"
    }
}

extension Record {
    /// The plural of the type name (``RecordNaming/plural(_:)``), SQLiteDB's table names:
    /// `Category` → `"Categories"`. Opt in by returning it from ``tableName``.
    public static var pluralTableName: String { RecordNaming.plural("\(Self.self)") }
}
