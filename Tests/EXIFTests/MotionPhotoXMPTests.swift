import Testing
@testable import EXIF

/// The Motion Photo announcements of Google's format (docs: developer.android.com, "Motion Photo format
/// 1.0") and its MicroVideo predecessor, as a table: the XMP text and where the video lies.
@Suite struct MotionPhotoXMPTests {
    static let cases: [(String, String, MotionPhotoXMP?)] = [
        ("Container, attributes (Pixel)",
         #"<rdf:Description GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1"><Container:Directory><rdf:Seq><rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li><rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="2519305" Item:Padding="0"/></rdf:li></rdf:Seq></Container:Directory></rdf:Description>"#,
         MotionPhotoXMP(bytesFromEnd: 2_519_305, padding: 0)),
        // exiftool's reading of immich-app/test-assets formats/motionphoto/samsung-one-ui-6.heic: the video is
        // the item's length less the padding (Samsung's `sefd` trailer after it).
        ("Container, Samsung padding",
         #"<rdf:Description Camera:MotionPhoto="1"><Container:Directory><rdf:Seq><rdf:li><Container:Item Item:Mime="image/heic" Item:Semantic="Primary" Item:Length="452276" Item:Padding="8"/></rdf:li><rdf:li><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="3226668" Item:Padding="199"/></rdf:li></rdf:Seq></Container:Directory></rdf:Description>"#,
         MotionPhotoXMP(bytesFromEnd: 3_226_668, padding: 199)),
        ("Container, elements",
         "<GCamera:MotionPhoto>1</GCamera:MotionPhoto><rdf:li><Container:Item><Item:Semantic>MotionPhoto</Item:Semantic><Item:Mime>video/mp4</Item:Mime><Item:Length> 4096 </Item:Length></Container:Item></rdf:li>",
         MotionPhotoXMP(bytesFromEnd: 4096, padding: 0)),
        ("MicroVideo, attributes", #"GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="1874343""#,
         MotionPhotoXMP(bytesFromEnd: 1_874_343, padding: 0)),
        ("MicroVideo, elements", "<GCamera:MicroVideo>1</GCamera:MicroVideo><GCamera:MicroVideoOffset>777</GCamera:MicroVideoOffset>",
         MotionPhotoXMP(bytesFromEnd: 777, padding: 0)),
        ("MotionPhoto 0", #"GCamera:MotionPhoto="0" <Container:Item Item:Semantic="MotionPhoto" Item:Length="10"/>"#, nil),
        ("no motion item", #"GCamera:MotionPhoto="1" <Container:Item Item:Semantic="Primary" Item:Length="10"/>"#, nil),
        ("padding not below length", #"GCamera:MotionPhoto="1" <Container:Item Item:Semantic="MotionPhoto" Item:Length="10" Item:Padding="10"/>"#, nil),
        ("a length that is no number", #"GCamera:MicroVideo="1" GCamera:MicroVideoOffset="-5""#, nil),
        ("an absurd length", #"GCamera:MicroVideo="1" GCamera:MicroVideoOffset="99999999999999""#, nil),
        ("other XMP", #"<rdf:Description xmp:CreatorTool="Camera"/>"#, nil),
    ]

    @Test(arguments: cases.indices)
    func announcement(_ index: Int) {
        let (label, text, expected) = Self.cases[index]
        #expect(MotionPhotoXMP(xmp: Array(text.utf8)) == expected, "\(label)")
    }
}
