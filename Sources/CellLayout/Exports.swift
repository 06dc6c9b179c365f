// The `CellLayout` product is the pipeline's stages together: one `import CellLayout`
// gives their public API, as when the library was one module.
@_exported import CellLayoutCore
@_exported import CellLayoutFontLibrary
@_exported import CellLayoutPrepare
@_exported import CellLayoutFit
@_exported import CellLayoutCell
@_exported import CellLayoutTable
@_exported import CellLayoutJSON
