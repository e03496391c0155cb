/// `String` and `String?`: the types text functions apply to. A function of an optional
/// string returns an optional result.
public protocol TextDatatype {
    /// `Int`, or `Int?` for an optional string.
    associatedtype IntResult
    /// `Bool`, or `Bool?` for an optional string.
    associatedtype BoolResult
}

extension String: TextDatatype {
    /// `Int`.
    public typealias IntResult = Int
    /// `Bool`.
    public typealias BoolResult = Bool
}

extension Optional: TextDatatype where Wrapped == String {
    /// `Int?`.
    public typealias IntResult = Int?
    /// `Bool?`.
    public typealias BoolResult = Bool?
}

/// The numeric types and their optionals: the types numeric functions apply to.
public protocol NumberDatatype {
    /// `Double`, or `Double?` for an optional number.
    associatedtype DoubleResult
}

extension Int64: NumberDatatype {
    /// `Double`.
    public typealias DoubleResult = Double
}

extension Int: NumberDatatype {
    /// `Double`.
    public typealias DoubleResult = Double
}

extension Double: NumberDatatype {
    /// `Double`.
    public typealias DoubleResult = Double
}

extension Optional: NumberDatatype where Wrapped: NumberDatatype {
    /// `Double?`.
    public typealias DoubleResult = Double?
}
