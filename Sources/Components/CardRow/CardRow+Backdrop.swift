import Assets

/// A card row's backdrop art for a shelf's backdrop: an item's `backdrop`, else its flat
/// poster file, else a generated one.
extension CardRow: BackdropSource {
    func backdropFile(_ index: Int) -> String? {
        guard index >= 0, index < count else { return nil }
        if catalogue.hasItemObjects, let backdrop = catalogue.item(index).backdrop { return backdrop }
        return catalogue.isFile(index) ? catalogue.imagePath(index) : nil
    }

    var backdropFiles: FileList {
        guard catalogue.hasItemObjects else { return catalogue.fileList }
        return FileList((0..<count).map { backdropFile($0) ?? "" })
    }
}
