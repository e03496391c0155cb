/// A boolean expression, optional or not, as taken by `CHECK` constraints.
public protocol BooleanExpression: Expressible {}

/// `Bool` and `Bool?`, the datatypes of a ``BooleanExpression``.
public protocol BoolDatatype {}

extension Bool: BoolDatatype {}
extension Optional: BoolDatatype where Wrapped == Bool {}
extension Expression: BooleanExpression where Datatype: BoolDatatype {}
