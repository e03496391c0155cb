extension QueryType {
    /// Groups rows by the given terms: `GROUP BY "a", "b"`.
    public func group(_ by: Expressible...) -> Self {
        group(by)
    }

    /// Groups rows by a list of terms.
    public func group(_ by: [Expressible]) -> Self {
        group(by, nil)
    }

    /// Groups rows by one term, keeping the groups for which `having` is true.
    public func group(_ by: Expressible, having: Expression<Bool>) -> Self {
        group([by], Expression<Bool?>(having))
    }

    /// Groups rows by one term with an optional `HAVING` condition.
    public func group(_ by: Expressible, having: Expression<Bool?>) -> Self {
        group([by], having)
    }

    /// Groups rows by a list of terms, keeping the groups for which `having` is true:
    /// `GROUP BY "a" HAVING (count(*) > 1)`.
    public func group(_ by: [Expressible], having: Expression<Bool>) -> Self {
        group(by, Expression<Bool?>(having))
    }

    /// Groups rows by a list of terms with an optional `HAVING` condition.
    public func group(_ by: [Expressible], having: Expression<Bool?>) -> Self {
        group(by, having)
    }

    private func group(_ by: [Expressible], _ having: Expression<Bool?>?) -> Self {
        modified { $0.group = (by.map(\.expression), having) }
    }
}
