/// A checksum of a picture's RGB bytes (FNV-1a, 64 bits), to tell at a glance whether two runs
/// ended with the same picture.
package enum PictureChecksum {
    package static func hex(of surface: Surface) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        surface.withUnsafePixels { pixels, stride in
            for y in 0..<surface.height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<surface.width {
                    hash = (hash ^ UInt64(row[x] & 0x00FF_FFFF)) &* 0x100_0000_01b3
                }
            }
        }
        return String(hash, radix: 16)
    }
}
