#if RTree
    extension Module {
        /// `rtree("id", "minX", "maxX", ...)`: an R*Tree index over 1 to 5 dimensions.
        ///
        /// ```swift
        /// try db.run(cities.create(.RTree(id, (minX, maxX), (minY, maxY))))
        /// // CREATE VIRTUAL TABLE "cities" USING rtree("id", "minX", "maxX", "minY", "maxY")
        /// ```
        public static func RTree<T: Value, U: Value>(
            _ primaryKey: Expression<T>, _ pairs: (Expression<U>, Expression<U>)...
        ) -> Module where T.Datatype: IntegerDatatype, U.Datatype: NumericDatatype {
            var arguments: [Expressible] = [primaryKey]
            for pair in pairs {
                arguments.append(pair.0)
                arguments.append(pair.1)
            }
            return Module(name: "rtree", arguments: arguments)
        }
    }
#endif
