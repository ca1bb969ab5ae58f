public enum GridLayoutPlaceholder {}
