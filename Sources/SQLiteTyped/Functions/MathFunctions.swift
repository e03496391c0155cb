// SQLite's math functions (https://www.sqlite.org/lang_mathfunc.html), present when the
// package's `MathFunctions` trait is on (the default).

#if MathFunctions
    extension Expression where Datatype: NumberDatatype {
        /// `sqrt(x)`.
        public var squareRoot: Expression<Datatype.DoubleResult> { SQLText.call("sqrt", self) }
        /// `ceil(x)`.
        public var ceiling: Expression<Datatype.DoubleResult> { SQLText.call("ceil", self) }
        /// `floor(x)`.
        public var floor: Expression<Datatype.DoubleResult> { SQLText.call("floor", self) }
        /// `ln(x)`, the natural logarithm.
        public var ln: Expression<Datatype.DoubleResult> { SQLText.call("ln", self) }
        /// `log10(x)`.
        public var log10: Expression<Datatype.DoubleResult> { SQLText.call("log10", self) }
        /// `log2(x)`.
        public var log2: Expression<Datatype.DoubleResult> { SQLText.call("log2", self) }
        /// `exp(x)`.
        public var exp: Expression<Datatype.DoubleResult> { SQLText.call("exp", self) }
        /// `sin(x)`.
        public var sin: Expression<Datatype.DoubleResult> { SQLText.call("sin", self) }
        /// `cos(x)`.
        public var cos: Expression<Datatype.DoubleResult> { SQLText.call("cos", self) }
        /// `tan(x)`.
        public var tan: Expression<Datatype.DoubleResult> { SQLText.call("tan", self) }

        /// `pow(x, exponent)`.
        public func pow(_ exponent: Double) -> Expression<Datatype.DoubleResult> {
            SQLText.call("pow", [self, exponent])
        }

        /// `mod(x, divisor)`, which works on reals too.
        public func mod(_ divisor: Double) -> Expression<Datatype.DoubleResult> {
            SQLText.call("mod", [self, divisor])
        }
    }

    /// `pi()`.
    public func pi() -> Expression<Double> {
        Expression(literal: "pi()")
    }
#endif
