// A shared library that is not a widget module: it exports no entry symbols.
public func notAWidget() -> Int { 42 }
