/// A numeric datatype: arithmetic operators (`+`, `-`, `*`, `/`) and compound setters accept
/// expressions whose `Datatype` conforms.
public protocol NumericDatatype: Binding {}

/// An integer datatype: `%`, the bitwise operators and `++`/`--` accept expressions whose
/// `Datatype` conforms.
public protocol IntegerDatatype: NumericDatatype {}

extension Int64: IntegerDatatype {}
extension Int: IntegerDatatype {}
extension UInt64: IntegerDatatype {}
extension UInt: IntegerDatatype {}
extension Double: NumericDatatype {}
